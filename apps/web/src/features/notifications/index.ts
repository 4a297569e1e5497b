// What the app shell uses of the notifications area: the header bell (with the live stream).
export { NotificationBell } from './components/notification-bell';
