/**
 * The permission catalogue: modules → permission groups → permissions. The one declared list that
 * the server (endpoint `permission` keys, enforcement) and the screens (permission-group editor,
 * menus) both read.
 */
export interface PermissionDef {
  key: string;
  label: string;
  /**
   * A staff user's right by default: held by staff without a permission group (every staff user where the site has
   * no permission menu), and granted when a group is switched on (spec 000 §4: "turning a group on activates only
   * permissions that are allowed by default"). True for the staff rights of spec 000 §6 and spec 001 §6; our own
   * additions that move money, show margins or widen access stay false (super admins hold them; a group grants them).
   */
  defaultAllowed: boolean;
}
export interface PermissionGroupDef {
  name: string;
  permissions: PermissionDef[];
}
export interface ModuleDef {
  moduleName: string;
  groups: PermissionGroupDef[];
}

const p = (key: string, label: string, defaultAllowed = true): PermissionDef => ({ key, label, defaultAllowed });

export const PERMISSION_CATALOGUE: ModuleDef[] = [
  {
    moduleName: 'Customers',
    groups: [
      {
        name: 'View',
        permissions: [p('customers.view', 'View customers'), p('customers.viewDetails', 'View customer details')],
      },
      {
        name: 'Manage',
        permissions: [
          p('customers.block', 'Block and unblock customers'),
          p('customers.changeDetails', 'Change customer details'),
          p('customers.changeGroup', 'Change markup group'),
          p('customers.exemptL2B', 'Exempt from look-to-book limit'),
          p('customers.flightSwitches', 'Switch flight search and hold per user'),
          p('customers.createAgent', 'Create agents'),
        ],
      },
      {
        name: 'API consumers',
        permissions: [
          p('consumers.view', 'View API consumers'),
          p('consumers.decideRequests', 'Approve or reject API customer requests'),
        ],
      },
    ],
  },
  {
    moduleName: 'Flights',
    groups: [
      {
        name: 'Booking',
        permissions: [
          p('flights.search', 'Search flights'),
          p('flights.book', 'Book flights'),
          p('flights.hold', 'Hold bookings', false),
        ],
      },
      {
        name: 'Queues',
        permissions: [
          p('flights.ticketQueue', 'View ticket queue'),
          p('flights.holdQueue', 'View hold queue'),
          p('flights.changeRequests', 'Handle change requests'),
          p(
            'flights.processChangeRequests',
            'Process change requests (accept, reject, record outcome, approve refunds)',
            false,
          ),
          p('flights.exportExcel', 'Download Excel'),
          p('flights.disruptions', 'Work the disruption inbox (accept, rebook, cancel for a refund)'),
          // Shows the supplier's fare beside the customer's price: a margin, so a group grants it.
          p('flights.importPnr', 'Import bookings made elsewhere (by PNR)', false),
        ],
      },
      {
        name: 'Settings',
        permissions: [p('flights.manageMarkup', 'Manage markups'), p('flights.settings', 'Supplier flight settings')],
      },
      {
        name: 'Supplier accounts',
        permissions: [
          p('flights.supplierAccounts', 'Supplier wallets, profit & loss and accounting export', false),
          p('flights.supplierDeposits', 'Record deposits with flight suppliers', false),
          p('flights.importRefunds', 'Import supplier refund statements (credits wallets)', false),
        ],
      },
    ],
  },
  {
    moduleName: 'Fixed departures',
    groups: [
      {
        name: 'Group seats',
        permissions: [
          p('fixedDepartures.book', 'Book fixed departures'),
          p('fixedDepartures.manage', 'Manage fixed-departure inventory', false),
        ],
      },
    ],
  },
  {
    moduleName: 'Wallet',
    groups: [
      {
        name: 'Reports',
        permissions: [
          p('wallet.viewReports', 'View wallet and gateway reports'),
          p('wallet.downloadBalances', 'Download balances'),
        ],
      },
      {
        name: 'Money',
        permissions: [
          p('wallet.addMoney', 'Add money to wallets'),
          p('wallet.debitMoney', 'Debit wallets (adjustment with a reason)', false),
          p('wallet.creditLines', 'Set credit limits and credit days', false),
          p('wallet.verifyPan', 'Verify PAN cards'),
        ],
      },
    ],
  },
  {
    moduleName: 'Invoices',
    groups: [
      {
        name: 'GST invoices',
        permissions: [
          p('invoices.view', 'View and download invoices and credit notes'),
          p('invoices.settings', 'Edit invoice settings and issue missing invoices'),
        ],
      },
      {
        name: 'Books',
        permissions: [
          p(
            'invoices.books',
            'Accounting export (Tally, Zoho Books, Xero) with supplier costs, and its ledger names',
            false,
          ),
        ],
      },
    ],
  },
  {
    moduleName: 'Suppliers',
    groups: [
      {
        name: 'Links',
        permissions: [
          p('suppliers.link', 'Request and manage supplier links'),
          p('suppliers.manageConsumers', 'Manage consumers of our inventory'),
        ],
      },
    ],
  },
  {
    moduleName: 'DMC',
    groups: [
      {
        name: 'Masters',
        permissions: [
          p('dmc.masters', 'Markets, hotels, activities, tour options, rates, combos and their history'),
          p('dmc.areas', 'Areas and area transfers'),
          p('dmc.importData', 'Import DMC masters and rates from a spreadsheet (overwrites rows by id)'),
        ],
      },
      {
        name: 'Operations',
        permissions: [
          p('dmc.karts', 'Build quotations'),
          p('dmc.jobSheet', 'Run the job sheet'),
          p('dmc.driverTokens', 'Generate driver links'),
        ],
      },
      {
        name: 'Supplier money',
        permissions: [p('dmc.payables', 'Supplier payables, their payments and the margins they leave', false)],
      },
    ],
  },
  {
    moduleName: 'Visas',
    groups: [
      {
        name: 'Content',
        permissions: [p('visa.manage', 'Maintain visa countries, categories and checklists')],
      },
      {
        name: 'Applications',
        permissions: [
          p('visa.applications', 'Work visa applications: request documents, lodge, attach visas, approve or reject'),
        ],
      },
    ],
  },
  {
    moduleName: 'Tour Packages',
    groups: [
      {
        name: 'Packages',
        permissions: [
          p('packages.view', 'See tour packages and send enquiries'),
          p('packages.manage', 'Create, edit and delete tour packages and their pictures'),
        ],
      },
    ],
  },
  {
    moduleName: 'Activities',
    groups: [
      {
        name: 'Agents and travellers',
        permissions: [
          p('activities.book', 'Search activities and use the activity cart'),
          p('activities.manage', 'Work the activity queue: confirm, voucher, assign carts'),
          p('activities.markup', 'Activity markup of customer groups'),
        ],
      },
    ],
  },
  {
    moduleName: 'CRM',
    groups: [
      {
        name: 'Enquiries',
        permissions: [p('enquiries.manage', 'Work enquiries in the CRM inbox (status, notes, Excel export)')],
      },
    ],
  },
  {
    moduleName: 'Settings',
    groups: [
      {
        name: 'Site',
        permissions: [p('settings.seo', 'SEO settings'), p('settings.other', 'Other settings')],
      },
      { name: 'Access', permissions: [p('settings.permissionGroups', 'Edit permission groups', false)] },
      // Who changed what, site-wide (/staff/audit).
      { name: 'Audit', permissions: [p('audit.view', 'View the audit log and record histories', false)] },
    ],
  },
  // A reseller's own team (/staff/team): invites, deactivation, group changes. Super admins hold it; a group grants it.
  {
    moduleName: 'Staff',
    groups: [
      {
        name: 'Team',
        permissions: [p('users.manage', 'Invite, deactivate and reactivate staff and change their group', false)],
      },
    ],
  },
];

export const ALL_PERMISSION_KEYS: readonly string[] = PERMISSION_CATALOGUE.flatMap((m) =>
  m.groups.flatMap((g) => g.permissions.map((x) => x.key)),
);
