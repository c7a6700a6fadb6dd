import { Button, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { FormCard } from '#shared/FormCard.tsx';
import { LOGIN_PATH } from '#lib/redirects.ts';

export default function SignupSuccessPage() {
  return (
    <FormCard title="Thank you for signing up">
      <Text>
        Your account has been created. We have sent an email to verify your address; follow the link in it, then log in.
      </Text>
      <Button component={Link} to={LOGIN_PATH}>
        Go to login
      </Button>
    </FormCard>
  );
}
