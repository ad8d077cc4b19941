/** A user's public profile as it was after a change; `version` orders changes so late arrivals are ignored. */
export declare class UserProfileChangedEvent {
    userId: string;
    username: string;
    firstName: string;
    lastName: string;
    avatar: string | null;
    location: string | null;
    isVerified: boolean;
    version: number;
    occurredAt: string;
}
/** Published once when an account is created. */
export declare class UserRegisteredEvent extends UserProfileChangedEvent {
}
/** Published after every profile change. */
export declare class UserUpdatedEvent extends UserProfileChangedEvent {
}
