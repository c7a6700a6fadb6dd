import { Container, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import type { TSearchRequest } from '@tp/contracts/flights';
import { usePersisted } from '#shared/storage.ts';
import { flightPaths } from './paths.ts';
import { searchToQuery } from './search-query.ts';
import { SearchForm } from './SearchForm.tsx';
import { lastSearchStore } from './state.ts';

/** `/flight` and `/flight/search`: the search form, prefilled with the last search. The results screen runs it. */
export default function SearchPage() {
  const navigate = useNavigate();
  const last = usePersisted(lastSearchStore);
  const onSearch = (request: TSearchRequest) => {
    lastSearchStore.set(request);
    // 'new' = not searched yet: the results screen searches from the query and swaps in the searchId.
    navigate(flightPaths.results('new', searchToQuery(request)));
  };
  return (
    <Container size="lg" py="md">
      <Title order={2} mb="md">
        Search flights
      </Title>
      <SearchForm initial={last} onSearch={onSearch} />
    </Container>
  );
}
