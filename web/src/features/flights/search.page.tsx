import { useMemo } from 'react';
import { Container, Title } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router-dom';
import type { TSearchRequest } from '@tp/contracts/endpoints/flights';
import { usePersisted } from '#lib/storage.ts';
import { flightPaths } from './paths.ts';
import { queryToSearch, searchToQuery } from './search-query.ts';
import { SearchForm } from './SearchForm.tsx';
import { lastSearchStore } from './state.ts';

/**
 * `/flight` and `/flight/search`: the search form, prefilled from the query when it describes a
 * search ("Modify search" on the results screen passes its own), otherwise with the last search.
 * The results screen runs the search.
 */
export default function SearchPage() {
  const navigate = useNavigate();
  const last = usePersisted(lastSearchStore);
  const query = useLocation().search.replace(/^\?/, '');
  const fromQuery = useMemo(() => (query ? queryToSearch(query) : null), [query]);
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
      <SearchForm key={query} initial={fromQuery ?? last} onSearch={onSearch} />
    </Container>
  );
}
