// The third step of the app's start (main.tsx): Redux Toolkit, RTK Query's api with the endpoints the app shell
// reads, and the store; the data of the page the app opens on is asked for here, before the app itself is evaluated.
import { requestFirstPageData } from '../app/firstPageData';
import { store } from '../app/store';
import '../api/authApi';
import '../api/catalogApi';
import '../api/messagesApi';
import '../api/notificationsApi';

requestFirstPageData(location.pathname, store.dispatch);
