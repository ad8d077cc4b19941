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
exports.UpdateUserRequest = exports.VerifyCredentialsRequest = exports.RegisterUserRequest = exports.GetMeRequest = exports.GetUserRequest = void 0;
const class_transformer_1 = require("class-transformer");
const class_validator_1 = require("class-validator");
const user_dto_1 = require("./user.dto");
/** `identity.user.get`: the public profile of any user. */
class GetUserRequest {
    userId;
}
exports.GetUserRequest = GetUserRequest;
__decorate([
    (0, class_validator_1.IsUUID)('all'),
    __metadata("design:type", String)
], GetUserRequest.prototype, "userId", void 0);
/** `identity.user.get-me`: the caller's own account, with email. */
class GetMeRequest {
    actorId;
}
exports.GetMeRequest = GetMeRequest;
__decorate([
    (0, class_validator_1.IsUUID)('all'),
    __metadata("design:type", String)
], GetMeRequest.prototype, "actorId", void 0);
class RegisterUserRequest extends user_dto_1.RegisterDto {
}
exports.RegisterUserRequest = RegisterUserRequest;
class VerifyCredentialsRequest extends user_dto_1.LoginDto {
}
exports.VerifyCredentialsRequest = VerifyCredentialsRequest;
/** `identity.user.update`: only the user themself may change their profile. */
class UpdateUserRequest {
    actorId;
    userId;
    changes;
}
exports.UpdateUserRequest = UpdateUserRequest;
__decorate([
    (0, class_validator_1.IsUUID)('all'),
    __metadata("design:type", String)
], UpdateUserRequest.prototype, "actorId", void 0);
__decorate([
    (0, class_validator_1.IsUUID)('all'),
    __metadata("design:type", String)
], UpdateUserRequest.prototype, "userId", void 0);
__decorate([
    (0, class_validator_1.ValidateNested)(),
    (0, class_transformer_1.Type)(() => user_dto_1.UpdateProfileDto),
    __metadata("design:type", user_dto_1.UpdateProfileDto)
], UpdateUserRequest.prototype, "changes", void 0);
//# sourceMappingURL=identity.rpc.js.map