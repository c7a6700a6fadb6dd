/**
 * What a first visit shows until the site's branding answers (when the call index.html started has
 * failed and the app asks again): the same header bar and loader as index.html's static boot shell
 * (its <style> carries the classes). No Mantine: it must not depend on the stylesheet or theme.
 */
export function BootShell() {
  return (
    <div className="tp-boot">
      {/* A placeholder, not yet the site's banner: hidden from assistive tech; the loader speaks. */}
      <div className="tp-boot-header" aria-hidden="true">
        <span className="tp-boot-name" />
      </div>
      <div className="tp-boot-main">
        <div className="tp-boot-loader">
          <svg viewBox="0 0 36 36" role="img" aria-label="Loading">
            <circle cx="18" cy="18" r="15" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
            <path d="M18 3a15 15 0 0 1 15 15" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
          </svg>
        </div>
      </div>
    </div>
  );
}
