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
exports.ProductQueryDto = exports.CreateProductDto = exports.PAGE_SIZE = exports.PRODUCT_SORTS = exports.BROWSE_CATEGORIES = exports.SELLER_LOCATIONS = exports.FILTER_CATEGORIES = exports.SELL_CATEGORIES = exports.CONDITIONS = void 0;
const class_transformer_1 = require("class-transformer");
const class_validator_1 = require("class-validator");
const messages_1 = require("../validation/messages");
exports.CONDITIONS = ['new', 'like-new', 'good'];
/** Sell form categories (spec section 3). */
exports.SELL_CATEGORIES = ['Art & Crafts', 'Clothing', 'Jewelry', 'Home Decor', 'Food & Drinks', 'Textiles', 'Collectibles'];
/** Sidebar filter categories (spec section 3). */
exports.FILTER_CATEGORIES = ['Art & Crafts', 'Clothing', 'Jewelry', 'Home Decor', 'Food & Drinks'];
/** Seller location filter options; 'Any Location' is dropped before the call. */
exports.SELLER_LOCATIONS = ['Any Location', 'United States', 'United Kingdom', 'Canada', 'Australia'];
/** Browse categories of the Categories page: label and the search term it links to. */
exports.BROWSE_CATEGORIES = [
    { label: 'Art & Crafts', term: 'art' },
    { label: 'Antiques & Collectibles', term: 'antique' },
    { label: 'Fashion & Accessories', term: 'fashion' },
    { label: 'Food & Confectionery', term: 'food' },
    { label: 'Pop Culture & Entertainment', term: 'pop culture' },
    { label: 'Jewelry & Gems', term: 'jewelry' },
    { label: 'Ceramics & Pottery', term: 'ceramic' },
    { label: 'Textiles & Fabrics', term: 'textile' },
    { label: 'Music & Instruments', term: 'music' },
    { label: 'Home Decor', term: 'decor' },
];
exports.PRODUCT_SORTS = ['recent', 'price_asc', 'price_desc', 'popular'];
exports.PAGE_SIZE = { default: 24, max: 100 };
const trim = ({ value }) => (typeof value === 'string' ? value.trim() : value);
const toNumber = ({ value }) => value === '' || value === null || value === undefined ? value : typeof value === 'string' ? Number(value) : value;
/** Sell form and `POST /api/products` body. Prices are numbers or decimal strings; the server keeps two decimals. */
class CreateProductDto {
    title;
    description;
    price;
    originalPrice;
    condition;
    category;
    country;
    images;
    isCustomsVerified;
}
exports.CreateProductDto = CreateProductDto;
__decorate([
    (0, class_transformer_1.Transform)(trim),
    (0, class_validator_1.IsString)({ message: messages_1.MESSAGES.titleMin }),
    (0, class_validator_1.MinLength)(messages_1.LIMITS.titleMin, { message: messages_1.MESSAGES.titleMin }),
    (0, class_validator_1.MaxLength)(messages_1.LIMITS.titleMax, { message: messages_1.MESSAGES.titleMax }),
    __metadata("design:type", String)
], CreateProductDto.prototype, "title", void 0);
__decorate([
    (0, class_transformer_1.Transform)(trim),
    (0, class_validator_1.IsString)({ message: messages_1.MESSAGES.descriptionMin }),
    (0, class_validator_1.MinLength)(messages_1.LIMITS.descriptionMin, { message: messages_1.MESSAGES.descriptionMin }),
    (0, class_validator_1.MaxLength)(messages_1.LIMITS.descriptionMax, { message: messages_1.MESSAGES.descriptionMax }),
    __metadata("design:type", String)
], CreateProductDto.prototype, "description", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toNumber),
    (0, class_validator_1.IsNotEmpty)({ message: messages_1.MESSAGES.priceRequired }),
    (0, class_validator_1.IsNumber)({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 }, { message: messages_1.MESSAGES.pricePositive }),
    (0, class_validator_1.Min)(0.01, { message: messages_1.MESSAGES.pricePositive }),
    (0, class_validator_1.Max)(messages_1.LIMITS.priceMax, { message: 'Price is too high' }),
    __metadata("design:type", Number)
], CreateProductDto.prototype, "price", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toNumber),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.ValidateIf)((_, v) => v !== ''),
    (0, class_validator_1.IsNumber)({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 }, { message: 'Original price must be a positive number' }),
    (0, class_validator_1.Min)(0.01, { message: 'Original price must be a positive number' }),
    (0, class_validator_1.Max)(messages_1.LIMITS.priceMax, { message: 'Original price is too high' }),
    __metadata("design:type", Object)
], CreateProductDto.prototype, "originalPrice", void 0);
__decorate([
    (0, class_validator_1.IsIn)(exports.CONDITIONS, { message: messages_1.MESSAGES.conditionRequired }),
    __metadata("design:type", String)
], CreateProductDto.prototype, "condition", void 0);
__decorate([
    (0, class_transformer_1.Transform)(trim),
    (0, class_validator_1.IsString)({ message: messages_1.MESSAGES.categoryRequired }),
    (0, class_validator_1.IsNotEmpty)({ message: messages_1.MESSAGES.categoryRequired }),
    (0, class_validator_1.MaxLength)(50, { message: 'Category is too long' }),
    __metadata("design:type", String)
], CreateProductDto.prototype, "category", void 0);
__decorate([
    (0, class_transformer_1.Transform)(trim),
    (0, class_validator_1.IsString)({ message: messages_1.MESSAGES.countryRequired }),
    (0, class_validator_1.IsNotEmpty)({ message: messages_1.MESSAGES.countryRequired }),
    (0, class_validator_1.MaxLength)(60, { message: 'Country is too long' }),
    __metadata("design:type", String)
], CreateProductDto.prototype, "country", void 0);
__decorate([
    (0, class_validator_1.IsArray)({ message: messages_1.MESSAGES.imagesMin }),
    (0, class_validator_1.ArrayMinSize)(messages_1.LIMITS.imagesMin, { message: messages_1.MESSAGES.imagesMin }),
    (0, class_validator_1.ArrayMaxSize)(messages_1.LIMITS.imagesMax, { message: messages_1.MESSAGES.imagesMax }),
    (0, class_validator_1.MaxLength)(messages_1.LIMITS.imageUrlMax, { each: true, message: messages_1.MESSAGES.imageUrl }),
    (0, class_validator_1.IsUrl)({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { each: true, message: messages_1.MESSAGES.imageUrl }),
    __metadata("design:type", Array)
], CreateProductDto.prototype, "images", void 0);
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsBoolean)({ message: 'isCustomsVerified must be true or false' }),
    __metadata("design:type", Boolean)
], CreateProductDto.prototype, "isCustomsVerified", void 0);
/** `GET /api/products` query (spec section 7 plus API.md's sort, limit and cursor). */
class ProductQueryDto {
    search;
    country;
    minPrice;
    maxPrice;
    /** Repeated or comma-separated in the query string. */
    categories;
    condition;
    location;
    sort;
    limit;
    cursor;
}
exports.ProductQueryDto = ProductQueryDto;
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)(),
    (0, class_validator_1.MaxLength)(200, { message: 'Search is too long' }),
    __metadata("design:type", String)
], ProductQueryDto.prototype, "search", void 0);
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)(),
    (0, class_validator_1.MaxLength)(60),
    __metadata("design:type", String)
], ProductQueryDto.prototype, "country", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toNumber),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsNumber)({ allowNaN: false, allowInfinity: false }, { message: 'minPrice must be a number' }),
    (0, class_validator_1.Min)(0),
    __metadata("design:type", Number)
], ProductQueryDto.prototype, "minPrice", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toNumber),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsNumber)({ allowNaN: false, allowInfinity: false }, { message: 'maxPrice must be a number' }),
    (0, class_validator_1.Min)(0),
    __metadata("design:type", Number)
], ProductQueryDto.prototype, "maxPrice", void 0);
__decorate([
    (0, class_transformer_1.Transform)(({ value }) => value === undefined ? undefined : (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(',')).map((v) => v.trim()).filter(Boolean)),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsArray)(),
    (0, class_validator_1.ArrayMaxSize)(20),
    (0, class_validator_1.IsString)({ each: true }),
    (0, class_validator_1.MaxLength)(50, { each: true }),
    __metadata("design:type", Array)
], ProductQueryDto.prototype, "categories", void 0);
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsIn)(exports.CONDITIONS, { message: 'condition must be one of new, like-new, good' }),
    __metadata("design:type", String)
], ProductQueryDto.prototype, "condition", void 0);
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)(),
    (0, class_validator_1.MaxLength)(100),
    __metadata("design:type", String)
], ProductQueryDto.prototype, "location", void 0);
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsIn)(exports.PRODUCT_SORTS, { message: 'sort must be one of recent, price_asc, price_desc, popular' }),
    __metadata("design:type", String)
], ProductQueryDto.prototype, "sort", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toNumber),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsNumber)({ maxDecimalPlaces: 0 }, { message: 'limit must be a whole number' }),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(exports.PAGE_SIZE.max),
    __metadata("design:type", Number)
], ProductQueryDto.prototype, "limit", void 0);
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)(),
    (0, class_validator_1.MaxLength)(500),
    __metadata("design:type", String)
], ProductQueryDto.prototype, "cursor", void 0);
//# sourceMappingURL=product.dto.js.map