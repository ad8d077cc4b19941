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
exports.UpdateProfileDto = exports.LoginDto = exports.RegisterDto = void 0;
const class_transformer_1 = require("class-transformer");
const class_validator_1 = require("class-validator");
const messages_1 = require("../validation/messages");
const trim = ({ value }) => (typeof value === 'string' ? value.trim() : value);
/** Join form and `identity.user.register` payload. */
class RegisterDto {
    email;
    password;
    username;
    firstName;
    lastName;
    location;
}
exports.RegisterDto = RegisterDto;
__decorate([
    (0, class_transformer_1.Transform)(trim),
    (0, class_validator_1.IsEmail)({}, { message: messages_1.MESSAGES.invalidEmail }),
    (0, class_validator_1.MaxLength)(messages_1.LIMITS.emailMax, { message: messages_1.MESSAGES.invalidEmail }),
    __metadata("design:type", String)
], RegisterDto.prototype, "email", void 0);
__decorate([
    (0, class_validator_1.IsString)({ message: messages_1.MESSAGES.passwordMin }),
    (0, class_validator_1.MinLength)(messages_1.LIMITS.passwordMin, { message: messages_1.MESSAGES.passwordMin }),
    (0, class_validator_1.MaxLength)(messages_1.LIMITS.passwordMax, { message: 'Password is too long' }),
    __metadata("design:type", String)
], RegisterDto.prototype, "password", void 0);
__decorate([
    (0, class_transformer_1.Transform)(trim),
    (0, class_validator_1.IsString)({ message: messages_1.MESSAGES.usernameMin }),
    (0, class_validator_1.MinLength)(messages_1.LIMITS.usernameMin, { message: messages_1.MESSAGES.usernameMin }),
    (0, class_validator_1.MaxLength)(messages_1.LIMITS.usernameMax, { message: 'Username is too long' }),
    __metadata("design:type", String)
], RegisterDto.prototype, "username", void 0);
__decorate([
    (0, class_transformer_1.Transform)(trim),
    (0, class_validator_1.IsString)({ message: messages_1.MESSAGES.firstNameRequired }),
    (0, class_validator_1.IsNotEmpty)({ message: messages_1.MESSAGES.firstNameRequired }),
    (0, class_validator_1.MaxLength)(messages_1.LIMITS.nameMax, { message: 'First name is too long' }),
    __metadata("design:type", String)
], RegisterDto.prototype, "firstName", void 0);
__decorate([
    (0, class_transformer_1.Transform)(trim),
    (0, class_validator_1.IsString)({ message: messages_1.MESSAGES.lastNameRequired }),
    (0, class_validator_1.IsNotEmpty)({ message: messages_1.MESSAGES.lastNameRequired }),
    (0, class_validator_1.MaxLength)(messages_1.LIMITS.nameMax, { message: 'Last name is too long' }),
    __metadata("design:type", String)
], RegisterDto.prototype, "lastName", void 0);
__decorate([
    (0, class_transformer_1.Transform)(trim),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)({ message: 'Location must be text' }),
    (0, class_validator_1.MaxLength)(messages_1.LIMITS.locationMax, { message: 'Location is too long' }),
    __metadata("design:type", Object)
], RegisterDto.prototype, "location", void 0);
/** Sign In form; the gateway checks it before asking identity. */
class LoginDto {
    username;
    password;
}
exports.LoginDto = LoginDto;
__decorate([
    (0, class_validator_1.IsString)({ message: messages_1.MESSAGES.usernameRequired }),
    (0, class_validator_1.IsNotEmpty)({ message: messages_1.MESSAGES.usernameRequired }),
    (0, class_validator_1.MaxLength)(messages_1.LIMITS.emailMax, { message: messages_1.MESSAGES.invalidCredentials }),
    __metadata("design:type", String)
], LoginDto.prototype, "username", void 0);
__decorate([
    (0, class_validator_1.IsString)({ message: messages_1.MESSAGES.passwordRequired }),
    (0, class_validator_1.IsNotEmpty)({ message: messages_1.MESSAGES.passwordRequired }),
    (0, class_validator_1.MaxLength)(messages_1.LIMITS.passwordMax, { message: messages_1.MESSAGES.invalidCredentials }),
    __metadata("design:type", String)
], LoginDto.prototype, "password", void 0);
/** Edit Profile dialog and `PUT /api/users/{id}` body. */
class UpdateProfileDto {
    firstName;
    lastName;
    location;
}
exports.UpdateProfileDto = UpdateProfileDto;
__decorate([
    (0, class_transformer_1.Transform)(trim),
    (0, class_validator_1.IsString)({ message: messages_1.MESSAGES.firstNameRequired }),
    (0, class_validator_1.IsNotEmpty)({ message: messages_1.MESSAGES.firstNameRequired }),
    (0, class_validator_1.MaxLength)(messages_1.LIMITS.nameMax, { message: 'First name is too long' }),
    __metadata("design:type", String)
], UpdateProfileDto.prototype, "firstName", void 0);
__decorate([
    (0, class_transformer_1.Transform)(trim),
    (0, class_validator_1.IsString)({ message: messages_1.MESSAGES.lastNameRequired }),
    (0, class_validator_1.IsNotEmpty)({ message: messages_1.MESSAGES.lastNameRequired }),
    (0, class_validator_1.MaxLength)(messages_1.LIMITS.nameMax, { message: 'Last name is too long' }),
    __metadata("design:type", String)
], UpdateProfileDto.prototype, "lastName", void 0);
__decorate([
    (0, class_transformer_1.Transform)(trim),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)({ message: 'Location must be text' }),
    (0, class_validator_1.MaxLength)(messages_1.LIMITS.locationMax, { message: 'Location is too long' }),
    __metadata("design:type", Object)
], UpdateProfileDto.prototype, "location", void 0);
//# sourceMappingURL=user.dto.js.map