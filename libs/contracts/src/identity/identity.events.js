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
exports.UserUpdatedEvent = exports.UserRegisteredEvent = exports.UserProfileChangedEvent = void 0;
const class_validator_1 = require("class-validator");
/** A user's public profile as it was after a change; `version` orders changes so late arrivals are ignored. */
class UserProfileChangedEvent {
    userId;
    username;
    firstName;
    lastName;
    avatar;
    location;
    isVerified;
    version;
    occurredAt;
}
exports.UserProfileChangedEvent = UserProfileChangedEvent;
__decorate([
    (0, class_validator_1.IsUUID)('all'),
    __metadata("design:type", String)
], UserProfileChangedEvent.prototype, "userId", void 0);
__decorate([
    (0, class_validator_1.IsString)(),
    __metadata("design:type", String)
], UserProfileChangedEvent.prototype, "username", void 0);
__decorate([
    (0, class_validator_1.IsString)(),
    __metadata("design:type", String)
], UserProfileChangedEvent.prototype, "firstName", void 0);
__decorate([
    (0, class_validator_1.IsString)(),
    __metadata("design:type", String)
], UserProfileChangedEvent.prototype, "lastName", void 0);
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)(),
    __metadata("design:type", Object)
], UserProfileChangedEvent.prototype, "avatar", void 0);
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)(),
    __metadata("design:type", Object)
], UserProfileChangedEvent.prototype, "location", void 0);
__decorate([
    (0, class_validator_1.IsBoolean)(),
    __metadata("design:type", Boolean)
], UserProfileChangedEvent.prototype, "isVerified", void 0);
__decorate([
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    __metadata("design:type", Number)
], UserProfileChangedEvent.prototype, "version", void 0);
__decorate([
    (0, class_validator_1.IsDateString)(),
    __metadata("design:type", String)
], UserProfileChangedEvent.prototype, "occurredAt", void 0);
/** Published once when an account is created. */
class UserRegisteredEvent extends UserProfileChangedEvent {
}
exports.UserRegisteredEvent = UserRegisteredEvent;
/** Published after every profile change. */
class UserUpdatedEvent extends UserProfileChangedEvent {
}
exports.UserUpdatedEvent = UserUpdatedEvent;
//# sourceMappingURL=identity.events.js.map