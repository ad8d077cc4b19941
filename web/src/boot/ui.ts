// A step of the app's start (main.tsx): the MUI components of the app's frame and of Home's first screen, with
// emotion, evaluated in a task of their own (each defines its styled parts as it is evaluated: with the app's own
// modules, the longest step).
export { default as AppBar } from '@mui/material/AppBar';
export { default as Badge } from '@mui/material/Badge';
export { default as Box } from '@mui/material/Box';
export { default as Button } from '@mui/material/Button';
export { default as Container } from '@mui/material/Container';
export { default as CssBaseline } from '@mui/material/CssBaseline';
export { default as GlobalStyles } from '@mui/material/GlobalStyles';
export { default as IconButton } from '@mui/material/IconButton';
export { default as Link } from '@mui/material/Link';
export { default as Paper } from '@mui/material/Paper';
export { default as Skeleton } from '@mui/material/Skeleton';
export { default as Stack } from '@mui/material/Stack';
export { default as Toolbar } from '@mui/material/Toolbar';
export { default as Typography } from '@mui/material/Typography';
export { ThemeProvider } from '@mui/material/styles';
