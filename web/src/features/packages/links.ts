/** The addresses of the package screens (spa-routes.ts), built in one place. */
import { packageSlug } from '@tp/domain/packages';

export const PACKAGES_PATH = '/packages';
export const STAFF_LIST_PATH = '/staff/tour_package/list_all_packages';
const EDITOR_PATH = '/staff/tour_package/create_or_edit_tour_package';

export const packagePath = (p: { id: string; slug?: string; title?: string }): string =>
  `${PACKAGES_PATH}/${encodeURIComponent(p.slug ?? packageSlug(p.title ?? ''))}/${encodeURIComponent(p.id)}`;

export const editorPath = (id?: string): string => (id ? `${EDITOR_PATH}?id=${encodeURIComponent(id)}` : EDITOR_PATH);

export const imagesPath = (id: string): string => `/user/package/manage_package_images/${encodeURIComponent(id)}`;

export const enquirySubmittedPath = (enquiryId: string, title: string): string =>
  `/package/enquiry/submitted/${encodeURIComponent(enquiryId)}?title=${encodeURIComponent(title)}`;
