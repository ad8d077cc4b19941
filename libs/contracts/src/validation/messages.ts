/** The spec's limits (section 9) and validation messages (section 5), in one place for server and web. */
export const LIMITS = {
  usernameMin: 3,
  usernameMax: 30,
  passwordMin: 6,
  passwordMax: 128,
  nameMax: 50,
  emailMax: 254,
  locationMax: 100,
  titleMin: 5,
  titleMax: 100,
  descriptionMin: 20,
  descriptionMax: 1000,
  imagesMin: 1,
  imagesMax: 6,
  imageUrlMax: 2048,
  messageMax: 2000,
  /**
   * The most a product may cost: the most the payment provider charges in one payment (Stripe: 99,999,999 cents,
   * $999,999.99). A dearer listing could never be bought, and orders store the amount in cents.
   */
  priceMax: 999_999.99,
} as const;

export const MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  invalidEmail: 'Invalid email address',
  passwordMin: 'Password must be at least 6 characters',
  usernameMin: 'Username must be at least 3 characters',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  titleMin: 'Title must be at least 5 characters',
  titleMax: 'Title too long',
  descriptionMin: 'Description must be at least 20 characters',
  descriptionMax: 'Description too long',
  priceRequired: 'Price is required',
  pricePositive: 'Price must be a positive number',
  priceMax: 'Price cannot be more than $999,999.99',
  originalPriceMax: 'Original price cannot be more than $999,999.99',
  // Beyond the spec: a "was" price under the price claims a discount that is a markup.
  originalPriceBelowPrice: 'Original price cannot be lower than the price',
  conditionRequired: 'Please select condition',
  categoryRequired: 'Category is required',
  countryRequired: 'Country is required',
  imagesMin: 'At least one image is required',
  imagesMax: 'Maximum 6 images allowed',
  // Beyond the spec: media names a photo by its bytes, so the same picture twice is one photo.
  photoAlreadyAdded: 'This photo is already added.',
  imageUrl: 'Image URLs must start with http:// or https://',
  messageRequired: 'Message cannot be empty',
  messageMax: 'Message is too long (maximum 2000 characters)',
  emailRequired: 'Email is required',
  streetRequired: 'Street address is required',
  cityRequired: 'City is required',
  zipRequired: 'ZIP code is required',
  invalidCredentials: 'Invalid username or password',
  usernameTaken: 'Username is already taken',
  emailTaken: 'Email is already registered',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  notSignedIn: 'You need to be logged in',
  // Beyond the spec: names that could spoof another person's.
  usernameCharacters: 'Username may contain only letters a-z, digits, and . _ - between them',
  firstNameNotPlain: 'First name contains invisible or control characters',
  lastNameNotPlain: 'Last name contains invisible or control characters',
  locationNotPlain: 'Location contains invisible or control characters',
} as const;

/** Payment outcomes shown in the Payment Failed toast and on the success page (spec section 8). */
export const PAYMENT_MESSAGES = {
  priceChanged: 'The price of this item has changed. Please review and try again.',
  noLongerAvailable: 'This item is no longer available',
  ownProduct: 'You cannot buy your own item',
  invalidPostalCode: 'Please enter a valid postal code (e.g., 10001).',
  incompleteNumber: 'Please enter a complete card number.',
  incompleteCvc: 'Please enter a complete CVC.',
  incompleteExpiry: 'Please enter a complete expiry date.',
  // Beyond the spec: a past expiry is not "incomplete". Stripe's own words, for its card form's check
  // (invalid_expiry_month_past / _year_past) and for the issuer's answer (expired_card).
  expiryInPast: "Your card's expiration date is in the past.",
  expiredCard: 'Your card has expired.',
  declined: 'Your card was declined. Please try a different payment method.',
  insufficientFunds: 'Your card has insufficient funds.',
  processingError: 'A processing error occurred.',
  unexpectedState: 'Payment processing error. Please refresh the page and try again.',
  soldToAnotherBuyer: 'This item was just sold to another buyer. Your payment has been refunded.',
  /** A payment that succeeded after its checkout was closed (the item was sold to someone else or removed). */
  refundedNoLongerAvailable: 'This item is no longer available. Your payment has been refunded.',
  /** Authorise first, capture the winner: a buyer who lost the item was authorised, never charged. */
  soldToAnotherBuyerNotCharged: 'This item was just sold to another buyer. Your card was not charged.',
  /** An authorisation made after its checkout was closed (the item was sold to someone else or removed): released. */
  noLongerAvailableNotCharged: 'This item is no longer available. Your card was not charged.',
} as const;
