import { Alert, Button, Container, Group, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { flightPaths } from './paths.ts';

/** An expired or unusable search: says so and offers to search again (from the same query when known). */
export function SearchProblem({ title, text, query }: { title: string; text: string; query: string | null }) {
  const navigate = useNavigate();
  return (
    <Container size="sm" py="xl">
      <Alert color="orange" title={title} role="alert">
        <Stack gap="sm">
          <Text size="sm">{text}</Text>
          <Group>
            {query && <Button onClick={() => navigate(flightPaths.results('new', query))}>Search again</Button>}
            <Button variant="default" onClick={() => navigate(flightPaths.search())}>
              New search
            </Button>
          </Group>
        </Stack>
      </Alert>
    </Container>
  );
}
