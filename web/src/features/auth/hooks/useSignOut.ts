import { useNavigate } from 'react-router';
import { api } from '../../../api/api';
import { useLogoutMutation } from '../../../api/authApi';
import { useAppDispatch } from '../../../app/hooks';
import { useToast } from '../../../hooks/useToast';

/** Signs out, clears every cached response and goes home (spec section 4). */
export function useSignOut() {
  const [logout, { isLoading }] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();

  const signOut = async () => {
    try {
      await logout().unwrap();
    } catch {
      // The session may already be gone; the cache is cleared either way.
    }
    dispatch(api.util.resetApiState());
    navigate('/');
    toast({ title: 'Successfully logged out!' });
  };

  return { signOut, isSigningOut: isLoading };
}
