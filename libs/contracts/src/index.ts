// class-transformer's @Type reads design-time metadata.
import 'reflect-metadata';
export * from './validation/messages';
export * from './validation/field-errors';
export * from './rpc/error-code';
export * from './rpc/contract';
export * from './rpc/subjects';
export * from './events/subjects';
export * from './identity/user.dto';
export * from './identity/identity.rpc';
export * from './identity/identity.events';
export * from './identity/identity.subjects';
export * from './catalog/product.dto';
export * from './catalog/catalog.rpc';
export * from './catalog/catalog.events';
export * from './catalog/catalog.subjects';
