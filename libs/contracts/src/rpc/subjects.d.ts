import type { CategoryDto, ProductDto, ProductPageDto } from '../catalog/product.dto';
import { CreateProductRequest, GetProductRequest, GetProductsByIdsRequest, ListCategoriesRequest, ListProductsRequest, ListSellerProductsRequest, RemoveProductRequest } from '../catalog/catalog.rpc';
import { GetMeRequest, GetUserRequest, RegisterUserRequest, UpdateUserRequest, VerifyCredentialsRequest } from '../identity/identity.rpc';
import type { MeDto, UserDto } from '../identity/user.dto';
/** Request/reply subjects: `<service>.<aggregate>.<verb>`, served in a queue group named after the service. */
export declare const RPC: {
    readonly identity: {
        readonly register: "identity.user.register";
        readonly verifyCredentials: "identity.user.verify-credentials";
        readonly getUser: "identity.user.get";
        readonly getMe: "identity.user.get-me";
        readonly updateUser: "identity.user.update";
    };
    readonly catalog: {
        readonly createProduct: "catalog.product.create";
        readonly getProduct: "catalog.product.get";
        readonly listProducts: "catalog.product.list";
        readonly removeProduct: "catalog.product.remove";
        readonly listSellerProducts: "catalog.product.list-by-seller";
        readonly getProductsByIds: "catalog.product.get-many";
        readonly listCategories: "catalog.category.list";
    };
};
/** Answer of a command that returns nothing. */
export interface Done {
    ok: true;
}
type Contract<Req, Res> = {
    request: Req;
    response: Res;
};
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
export declare const RPC_REQUEST_TYPES: {
    [S in RpcSubject]: new () => RpcRequest<S>;
};
export {};
