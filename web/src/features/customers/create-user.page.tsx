import { Navigate } from 'react-router-dom';
import { FORBIDDEN_PATH } from '#lib/redirects.ts';
import { FormCard } from '#shared/FormCard.tsx';
import { useUser } from '#lib/state.ts';
import { CreateAgentForm } from './CreateAgentForm.tsx';

/**
 * /createNewUser: the staff agent quick create as a page. The route is public in the route table, so
 * the page itself sends signed-out visitors to sign up and non-staff users to /403.
 */
export default function CreateUserPage() {
  const user = useUser();
  if (!user) return <Navigate to="/signup" replace />;
  if (user.userType !== 'staff') return <Navigate to={FORBIDDEN_PATH} replace />;
  return (
    <FormCard title="Create user" width={560}>
      <CreateAgentForm />
    </FormCard>
  );
}
