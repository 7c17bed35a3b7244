/**
 * Google sign-in with a popup. The popup resolver is passed per call (not to
 * initializeAuth) so that only the pages offering Google sign-in download it.
 * Against the Auth emulator the popup opens the emulator's own account page.
 */
import {
  browserPopupRedirectResolver,
  getAdditionalUserInfo,
  GoogleAuthProvider,
  signInWithPopup,
} from 'firebase/auth';
import { auth } from './firebase';

export async function signInWithGoogle(): Promise<{ isNewUser: boolean }> {
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  const credential = await signInWithPopup(auth, provider, browserPopupRedirectResolver);
  return { isNewUser: getAdditionalUserInfo(credential)?.isNewUser ?? false };
}
