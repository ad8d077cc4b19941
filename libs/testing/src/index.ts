export * from './eventually';
export * from './ports';
export * from './postgres';
export * from './processes';
export * from './test-infra';
export * from './service-harness';
export * from './maildev';
export * from './soft-authenticator';
