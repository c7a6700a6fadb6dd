import { Box, NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { crmHref } from '#lib/redirects.ts';
import { isGroup, type MenuItem, type MenuLink } from '#app/menus.ts';
import { useSite } from '#shared/site.tsx';

const samePath = (a: string, b: string) => (a.replace(/\/+$/, '') || '/') === (b.replace(/\/+$/, '') || '/');

function Item({ link, onNavigate }: { link: MenuLink; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const crm = crmHref(useSite());
  if (link.external === 'crm' && crm) return <NavLink component="a" href={crm} label={link.label} />;
  return (
    <NavLink
      component={Link}
      to={link.to}
      label={link.label}
      active={samePath(pathname, link.to)}
      onClick={onNavigate}
    />
  );
}

/** The side menu from the menu data (app/menus.ts); groups open when one of their links is current. */
export function MainMenu({ items, onNavigate }: { items: MenuItem[]; onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <Box style={{ flex: 1, overflowY: 'auto' }}>
      {items.map((item) =>
        isGroup(item) ? (
          <NavLink
            key={item.label}
            label={item.label}
            defaultOpened={item.children.some((c) => samePath(pathname, c.to))}
          >
            {item.children.map((c) => (
              <Item key={c.to} link={c} onNavigate={onNavigate} />
            ))}
          </NavLink>
        ) : (
          <Item key={item.to} link={item} onNavigate={onNavigate} />
        ),
      )}
    </Box>
  );
}
