import { ValidateBy, type ValidationArguments, type ValidationOptions } from 'class-validator';

/**
 * Refuses a number lower than another field of the same object (an original price below the price). Only two
 * numbers are compared: a missing or malformed value is left to that field's own validators, so one mistake gets
 * one sentence.
 */
export function IsNotBelow(otherField: string, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isNotBelow',
      constraints: [otherField],
      validator: {
        validate: (value: unknown, args?: ValidationArguments) => {
          const other = (args?.object as Record<string, unknown> | undefined)?.[otherField];
          return !isFiniteNumber(value) || !isFiniteNumber(other) || value >= other;
        },
        defaultMessage: () => `$property must not be lower than ${otherField}`,
      },
    },
    options,
  );
}

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
