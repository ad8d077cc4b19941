import TextField, { type TextFieldProps } from '@mui/material/TextField';

/** The code of an authenticator app (or a recovery code): digits on a phone keyboard, filled from SMS/app where offered. */
export function TwoFactorCodeField(props: TextFieldProps) {
  return (
    <TextField
      label="Authentication code"
      autoComplete="one-time-code"
      slotProps={{ htmlInput: { inputMode: 'text', maxLength: 16, spellCheck: false, autoCapitalize: 'off' } }}
      {...props}
    />
  );
}
