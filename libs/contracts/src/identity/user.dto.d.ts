/** Join form and `identity.user.register` payload. */
export declare class RegisterDto {
    email: string;
    password: string;
    username: string;
    firstName: string;
    lastName: string;
    location?: string | null;
}
/** Sign In form; the gateway checks it before asking identity. */
export declare class LoginDto {
    username: string;
    password: string;
}
/** Edit Profile dialog and `PUT /api/users/{id}` body. */
export declare class UpdateProfileDto {
    firstName: string;
    lastName: string;
    location?: string | null;
}
/** What the owner sees of themself (`GET /api/auth/me`). */
export interface MeDto {
    id: string;
    username: string;
    firstName: string;
    lastName: string;
    email: string;
    avatar: string | null;
    location: string | null;
    isVerified: boolean;
    createdAt: string;
}
/** What anybody sees of a user: Me without the email. */
export type UserDto = Omit<MeDto, 'email'>;
/** The small form of a user shown beside messages and products. */
export interface UserSummaryDto {
    id: string;
    firstName: string;
    lastName: string;
    avatar: string | null;
}
