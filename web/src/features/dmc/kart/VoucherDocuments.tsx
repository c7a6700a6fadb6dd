import { Button, Group, Image, Stack, Text, Title } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import type { TVoucherSet } from '@tp/contracts/endpoints/kart-paper';
import { voucherFacts } from '@tp/domain/dmc';
import { ReferenceQr } from './ReferenceQr.tsx';
import './quotation.css';
import './voucher.css';

const KIND_TITLES = { hotel: 'Hotel voucher', activity: 'Activity voucher', transfer: 'Transfer voucher' } as const;

/**
 * A quotation's service vouchers, one per hotel stay, activity and transfer, each on its own A4 page when printed
 * ("Download PDF" prints them, as the quotation does): the issuer, the reference and its QR code, the party, the
 * service's day, time and pickup, the supplier, the confirmation number, what is included and the cancellation terms.
 */
export function VoucherDocuments({ set, actions }: { set: TVoucherSet; actions?: ReactNode }) {
  const contact = [set.issuer.adminContact, set.issuer.adminEmail].filter(Boolean).join(' · ');
  return (
    <Stack gap="md">
      <Group className="quotation-actions" justify="flex-end" maw="190mm" w="100%" mx="auto" gap="xs">
        {actions}
        <Button variant="light" onClick={() => window.print()}>
          Download PDF
        </Button>
      </Group>
      <div className="quotation-doc" role="region" aria-label={`Vouchers of ${set.quotationId}`}>
        {set.vouchers.map((v) => (
          <article className="voucher-page" key={v.reference} aria-labelledby={`voucher-${v.reference}`}>
            <header className="quotation-head">
              <div className="quotation-brand">
                {set.issuer.logoUrl && <Image src={set.issuer.logoUrl} alt="" h={40} w="auto" fit="contain" />}
                <div>
                  <Text fw={700} size="lg">
                    {set.issuer.companyName}
                  </Text>
                  {contact && (
                    <Text size="sm" className="quotation-detail">
                      {contact}
                    </Text>
                  )}
                </div>
              </div>
              <div className="voucher-top">
                <div>
                  <Title order={2} size="h3" id={`voucher-${v.reference}`}>
                    {KIND_TITLES[v.kind]}: {v.service}
                  </Title>
                  <Text size="sm" className="quotation-detail">
                    {set.kartName} · {set.quotationId}
                  </Text>
                </div>
                <ReferenceQr text={v.reference} />
              </div>
            </header>
            <dl className="quotation-facts">
              {voucherFacts(v, set.party).map(([k, value]) => (
                <Fragment key={k}>
                  <dt>{k}</dt>
                  <dd>{k === 'Reference' || k === 'Confirmation no.' ? <strong>{value}</strong> : value}</dd>
                </Fragment>
              ))}
              {set.party.guests.length > 0 && (
                <>
                  <dt>Guests</dt>
                  <dd>{set.party.guests.join(', ')}</dd>
                </>
              )}
            </dl>
            <section className="quotation-section" aria-label="What is included">
              <Title order={3} size="h5">
                What is included
              </Title>
              <ul className="voucher-list">
                {v.included.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </section>
            <section className="quotation-section" aria-label="Cancellation terms">
              <Title order={3} size="h5">
                Cancellation terms
              </Title>
              <Text size="sm">{v.cancellationTerms}</Text>
            </section>
          </article>
        ))}
      </div>
    </Stack>
  );
}
