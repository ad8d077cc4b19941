"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.ListCategoriesRequest = exports.GetProductsByIdsRequest = exports.ListSellerProductsRequest = exports.RemoveProductRequest = exports.ListProductsRequest = exports.GetProductRequest = exports.CreateProductRequest = void 0;
const class_transformer_1 = require("class-transformer");
const class_validator_1 = require("class-validator");
const product_dto_1 = require("./product.dto");
class CreateProductRequest {
    actorId;
    product;
}
exports.CreateProductRequest = CreateProductRequest;
__decorate([
    (0, class_validator_1.IsUUID)('all'),
    __metadata("design:type", String)
], CreateProductRequest.prototype, "actorId", void 0);
__decorate([
    (0, class_validator_1.ValidateNested)(),
    (0, class_transformer_1.Type)(() => product_dto_1.CreateProductDto),
    __metadata("design:type", product_dto_1.CreateProductDto)
], CreateProductRequest.prototype, "product", void 0);
class GetProductRequest {
    productId;
}
exports.GetProductRequest = GetProductRequest;
__decorate([
    (0, class_validator_1.IsUUID)('all'),
    __metadata("design:type", String)
], GetProductRequest.prototype, "productId", void 0);
class ListProductsRequest {
    query;
}
exports.ListProductsRequest = ListProductsRequest;
__decorate([
    (0, class_validator_1.ValidateNested)(),
    (0, class_transformer_1.Type)(() => product_dto_1.ProductQueryDto),
    __metadata("design:type", product_dto_1.ProductQueryDto)
], ListProductsRequest.prototype, "query", void 0);
/** Soft removal; only the seller may do it. */
class RemoveProductRequest {
    actorId;
    productId;
}
exports.RemoveProductRequest = RemoveProductRequest;
__decorate([
    (0, class_validator_1.IsUUID)('all'),
    __metadata("design:type", String)
], RemoveProductRequest.prototype, "actorId", void 0);
__decorate([
    (0, class_validator_1.IsUUID)('all'),
    __metadata("design:type", String)
], RemoveProductRequest.prototype, "productId", void 0);
/** A seller's active and sold products (profile tabs). */
class ListSellerProductsRequest {
    sellerId;
}
exports.ListSellerProductsRequest = ListSellerProductsRequest;
__decorate([
    (0, class_validator_1.IsUUID)('all'),
    __metadata("design:type", String)
], ListSellerProductsRequest.prototype, "sellerId", void 0);
/** Batch lookup for other services: one call per page, never one per product. */
class GetProductsByIdsRequest {
    productIds;
}
exports.GetProductsByIdsRequest = GetProductsByIdsRequest;
__decorate([
    (0, class_validator_1.IsArray)(),
    (0, class_validator_1.ArrayMaxSize)(500),
    (0, class_validator_1.IsUUID)('all', { each: true }),
    __metadata("design:type", Array)
], GetProductsByIdsRequest.prototype, "productIds", void 0);
class ListCategoriesRequest {
    _;
}
exports.ListCategoriesRequest = ListCategoriesRequest;
__decorate([
    (0, class_validator_1.IsOptional)(),
    __metadata("design:type", void 0)
], ListCategoriesRequest.prototype, "_", void 0);
//# sourceMappingURL=catalog.rpc.js.map