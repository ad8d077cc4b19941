import type { CategoryDto, ProductDto, ProductPageDto } from '../catalog/product.dto';
import {
  CreateProductRequest, GetProductRequest, GetProductsByIdsRequest, ListCategoriesRequest, ListProductsRequest,
  ListSellerProductsRequest, RemoveProductRequest,
} from '../catalog/catalog.rpc';
import {
  GetMeRequest, GetUserRequest, RegisterUserRequest, UpdateUserRequest, VerifyCredentialsRequest,
} from '../identity/identity.rpc';
import type { MeDto, UserDto } from '../identity/user.dto';

/** Request/reply subjects: `<service>.<aggregate>.<verb>`, served in a queue group named after the service. */
export const RPC = {
  identity: {
    register: 'identity.user.register',
    verifyCredentials: 'identity.user.verify-credentials',
    getUser: 'identity.user.get',
    getMe: 'identity.user.get-me',
    updateUser: 'identity.user.update',
  },
  catalog: {
    createProduct: 'catalog.product.create',
    getProduct: 'catalog.product.get',
    listProducts: 'catalog.product.list',
    removeProduct: 'catalog.product.remove',
    listSellerProducts: 'catalog.product.list-by-seller',
    getProductsByIds: 'catalog.product.get-many',
    listCategories: 'catalog.category.list',
  },
} as const;

/** Answer of a command that returns nothing. */
export interface Done {
  ok: true;
}

type Contract<Req, Res> = { request: Req; response: Res };

/** Every subject with its request class and reply type: the compiler ties both ends to it. */
export interface RpcContracts {
  [RPC.identity.register]: Contract<RegisterUserRequest, MeDto>;
  [RPC.identity.verifyCredentials]: Contract<VerifyCredentialsRequest, MeDto>;
  [RPC.identity.getUser]: Contract<GetUserRequest, UserDto>;
  [RPC.identity.getMe]: Contract<GetMeRequest, MeDto>;
  [RPC.identity.updateUser]: Contract<UpdateUserRequest, MeDto>;
  [RPC.catalog.createProduct]: Contract<CreateProductRequest, ProductDto>;
  [RPC.catalog.getProduct]: Contract<GetProductRequest, ProductDto>;
  [RPC.catalog.listProducts]: Contract<ListProductsRequest, ProductPageDto>;
  [RPC.catalog.removeProduct]: Contract<RemoveProductRequest, Done>;
  [RPC.catalog.listSellerProducts]: Contract<ListSellerProductsRequest, ProductDto[]>;
  [RPC.catalog.getProductsByIds]: Contract<GetProductsByIdsRequest, ProductDto[]>;
  [RPC.catalog.listCategories]: Contract<ListCategoriesRequest, CategoryDto[]>;
}

export type RpcSubject = keyof RpcContracts;
export type RpcRequest<S extends RpcSubject> = RpcContracts[S]['request'];
export type RpcResponse<S extends RpcSubject> = RpcContracts[S]['response'];

/** The class that validates each subject's inbound payload. */
export const RPC_REQUEST_TYPES: { [S in RpcSubject]: new () => RpcRequest<S> } = {
  [RPC.identity.register]: RegisterUserRequest,
  [RPC.identity.verifyCredentials]: VerifyCredentialsRequest,
  [RPC.identity.getUser]: GetUserRequest,
  [RPC.identity.getMe]: GetMeRequest,
  [RPC.identity.updateUser]: UpdateUserRequest,
  [RPC.catalog.createProduct]: CreateProductRequest,
  [RPC.catalog.getProduct]: GetProductRequest,
  [RPC.catalog.listProducts]: ListProductsRequest,
  [RPC.catalog.removeProduct]: RemoveProductRequest,
  [RPC.catalog.listSellerProducts]: ListSellerProductsRequest,
  [RPC.catalog.getProductsByIds]: GetProductsByIdsRequest,
  [RPC.catalog.listCategories]: ListCategoriesRequest,
};
