import { LoginDto, RegisterDto, UpdateProfileDto } from './user.dto';
/** `identity.user.get`: the public profile of any user. */
export declare class GetUserRequest {
    userId: string;
}
/** `identity.user.get-me`: the caller's own account, with email. */
export declare class GetMeRequest {
    actorId: string;
}
export declare class RegisterUserRequest extends RegisterDto {
}
export declare class VerifyCredentialsRequest extends LoginDto {
}
/** `identity.user.update`: only the user themself may change their profile. */
export declare class UpdateUserRequest {
    actorId: string;
    userId: string;
    changes: UpdateProfileDto;
}
