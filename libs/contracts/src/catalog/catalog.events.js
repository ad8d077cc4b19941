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
exports.ProductSoldEvent = exports.ProductRemovedEvent = exports.ProductListedEvent = void 0;
const class_validator_1 = require("class-validator");
/** A product became visible in browse and search. */
class ProductListedEvent {
    productId;
    sellerId;
    title;
    price;
    occurredAt;
}
exports.ProductListedEvent = ProductListedEvent;
__decorate([
    (0, class_validator_1.IsUUID)('all'),
    __metadata("design:type", String)
], ProductListedEvent.prototype, "productId", void 0);
__decorate([
    (0, class_validator_1.IsUUID)('all'),
    __metadata("design:type", String)
], ProductListedEvent.prototype, "sellerId", void 0);
__decorate([
    (0, class_validator_1.IsString)(),
    __metadata("design:type", String)
], ProductListedEvent.prototype, "title", void 0);
__decorate([
    (0, class_validator_1.IsString)(),
    __metadata("design:type", String)
], ProductListedEvent.prototype, "price", void 0);
__decorate([
    (0, class_validator_1.IsDateString)(),
    __metadata("design:type", String)
], ProductListedEvent.prototype, "occurredAt", void 0);
/** The seller removed a product: it leaves every list, favourites included. */
class ProductRemovedEvent {
    productId;
    sellerId;
    occurredAt;
}
exports.ProductRemovedEvent = ProductRemovedEvent;
__decorate([
    (0, class_validator_1.IsUUID)('all'),
    __metadata("design:type", String)
], ProductRemovedEvent.prototype, "productId", void 0);
__decorate([
    (0, class_validator_1.IsUUID)('all'),
    __metadata("design:type", String)
], ProductRemovedEvent.prototype, "sellerId", void 0);
__decorate([
    (0, class_validator_1.IsDateString)(),
    __metadata("design:type", String)
], ProductRemovedEvent.prototype, "occurredAt", void 0);
/** A product was paid for and can no longer be bought. */
class ProductSoldEvent {
    productId;
    sellerId;
    occurredAt;
}
exports.ProductSoldEvent = ProductSoldEvent;
__decorate([
    (0, class_validator_1.IsUUID)('all'),
    __metadata("design:type", String)
], ProductSoldEvent.prototype, "productId", void 0);
__decorate([
    (0, class_validator_1.IsUUID)('all'),
    __metadata("design:type", String)
], ProductSoldEvent.prototype, "sellerId", void 0);
__decorate([
    (0, class_validator_1.IsDateString)(),
    __metadata("design:type", String)
], ProductSoldEvent.prototype, "occurredAt", void 0);
//# sourceMappingURL=catalog.events.js.map