// The snackbar component alone, so the lazy import below takes only it (not the package's namespace).
export { Notifications } from '@mantine/notifications';
