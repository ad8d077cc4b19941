"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RPC_REQUEST_TYPES = exports.RPC = void 0;
const catalog_rpc_1 = require("../catalog/catalog.rpc");
const identity_rpc_1 = require("../identity/identity.rpc");
/** Request/reply subjects: `<service>.<aggregate>.<verb>`, served in a queue group named after the service. */
exports.RPC = {
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
};
/** The class that validates each subject's inbound payload. */
exports.RPC_REQUEST_TYPES = {
    [exports.RPC.identity.register]: identity_rpc_1.RegisterUserRequest,
    [exports.RPC.identity.verifyCredentials]: identity_rpc_1.VerifyCredentialsRequest,
    [exports.RPC.identity.getUser]: identity_rpc_1.GetUserRequest,
    [exports.RPC.identity.getMe]: identity_rpc_1.GetMeRequest,
    [exports.RPC.identity.updateUser]: identity_rpc_1.UpdateUserRequest,
    [exports.RPC.catalog.createProduct]: catalog_rpc_1.CreateProductRequest,
    [exports.RPC.catalog.getProduct]: catalog_rpc_1.GetProductRequest,
    [exports.RPC.catalog.listProducts]: catalog_rpc_1.ListProductsRequest,
    [exports.RPC.catalog.removeProduct]: catalog_rpc_1.RemoveProductRequest,
    [exports.RPC.catalog.listSellerProducts]: catalog_rpc_1.ListSellerProductsRequest,
    [exports.RPC.catalog.getProductsByIds]: catalog_rpc_1.GetProductsByIdsRequest,
    [exports.RPC.catalog.listCategories]: catalog_rpc_1.ListCategoriesRequest,
};
//# sourceMappingURL=subjects.js.map