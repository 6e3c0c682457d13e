// Route loaders deciding who may open a page: signed-out visitors go to /login and their address is
// remembered; signed-in people skip the login and sign-up screens.
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { rememberReturnTo } from '../lib/return-to';
import { getSession } from '../lib/session';

export function requireSession({ request }: LoaderFunctionArgs): null {
  if (getSession()) return null;
  const url = new URL(request.url);
  rememberReturnTo(`${url.pathname}${url.search}`);
  throw redirect('/login');
}

export function redirectSignedIn(): null {
  if (getSession()) throw redirect('/');
  return null;
}
