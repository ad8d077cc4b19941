// The second step of the app's start (main.tsx): MUI's styling core and emotion, and the app's theme (createTheme).
export { theme } from '../app/theme';
