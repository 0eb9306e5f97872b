// The toast area's code (stacking, transitions, swipe to dismiss): a chunk of its own, see toasts.tsx.
export { Notifications as ToastArea } from '@mantine/notifications';
