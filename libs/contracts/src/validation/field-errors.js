"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.toFieldErrors = toFieldErrors;
/**
 * Flattens class-validator errors to one message per field. The first decorator written above a property wins
 * (class-validator reports constraints bottom-up), so "required" rules placed first give the spec's message.
 */
function toFieldErrors(errors, parent = '') {
    return errors.flatMap((error) => {
        const field = parent ? `${parent}.${error.property}` : error.property;
        const messages = Object.values(error.constraints ?? {});
        const own = messages.length ? [{ field, message: messages[messages.length - 1] }] : [];
        return [...own, ...toFieldErrors(error.children ?? [], field)];
    });
}
//# sourceMappingURL=field-errors.js.map