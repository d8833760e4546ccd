import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../../shared/sign-out';
import { FullScreenLoader } from '../../shared/ui/loader';

/** /loginOut: clears the session and goes to /login (spec 2.1). */
export function LoginOutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    void signOut().then(() => navigate('/login', { replace: true }));
  }, [navigate]);
  return <FullScreenLoader />;
}
