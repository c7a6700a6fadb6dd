/*
 * Staff push notifications. The server sends JSON { title, body, url }; anything else is shown as
 * plain text. Clicking focuses an open tab of the app or opens the url (same origin only).
 */
self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Notification';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: typeof data.icon === 'string' ? data.icon : undefined,
      data: { url: typeof data.url === 'string' ? data.url : self.registration.scope },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || self.registration.scope, self.registration.scope);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((tabs) => {
      const open = tabs.find((t) => t.url.startsWith(self.registration.scope));
      if (open) return open.navigate(target.href).then((t) => (t || open).focus());
      return self.clients.openWindow(target.href);
    }),
  );
});
