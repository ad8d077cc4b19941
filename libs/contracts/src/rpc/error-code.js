"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ErrorCode = void 0;
exports.isRpcErrorPayload = isRpcErrorPayload;
/** The closed set of domain error codes that travel from services to the gateway. */
var ErrorCode;
(function (ErrorCode) {
    ErrorCode["ValidationFailed"] = "VALIDATION_FAILED";
    ErrorCode["Unauthenticated"] = "UNAUTHENTICATED";
    ErrorCode["Forbidden"] = "FORBIDDEN";
    ErrorCode["NotFound"] = "NOT_FOUND";
    ErrorCode["Conflict"] = "CONFLICT";
    ErrorCode["Unavailable"] = "UNAVAILABLE";
    ErrorCode["Internal"] = "INTERNAL";
})(ErrorCode || (exports.ErrorCode = ErrorCode = {}));
function isRpcErrorPayload(value) {
    return (typeof value === 'object' && value !== null &&
        Object.values(ErrorCode).includes(value.code) &&
        typeof value.message === 'string');
}
//# sourceMappingURL=error-code.js.map