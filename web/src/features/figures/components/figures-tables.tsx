import type { Figures } from '@tablo/contract/figures';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import styles from './figures-screen.module.css';
import { HoursChart } from './hours-chart.tsx';

type Titles = Figures['dishes'][number]['titles'];

/** The figures in readable tables, each with a caption; sales by hour as a chart and its table. */
export function FiguresTables({
  figures,
  money,
  title,
}: {
  figures: Figures;
  money: (amount: number) => string;
  title: (titles: Titles) => string;
}) {
  const { t } = useTranslation('figures');
  const hourLabel = (hour: number) =>
    `${String(hour).padStart(2, '0')}:00–${String((hour + 1) % 24).padStart(2, '0')}:00`;
  return (
    <div className={styles.sections}>
      <Table caption={t('summary')} head={[t('figure'), t('value')]}>
        <Row cells={[t('visits'), figures.visits]} />
        <Row cells={[t('orders'), figures.orders]} />
        <Row cells={[t('rejected_orders'), figures.rejectedOrders]} />
        <Row cells={[t('waiting_orders'), figures.waitingOrders]} />
        <Row cells={[t('sales_gross'), money(figures.sales.gross)]} />
        <Row cells={[t('sales_net'), money(figures.sales.net)]} />
        <Row cells={[t('sales_vat'), money(figures.sales.vat)]} />
        <Row cells={[t('average_per_visit'), money(figures.averagePerVisit)]} />
        <Row cells={[t('takings'), money(figures.takings)]} />
      </Table>

      <Table caption={t('vat_rates')} head={[t('vat_rate'), t('gross'), t('net'), t('vat')]}>
        {figures.sales.byRate.map((rate) => (
          <Row
            key={rate.vatPercent}
            cells={[`${rate.vatPercent}%`, money(rate.gross), money(rate.net), money(rate.vat)]}
          />
        ))}
        <Row
          cells={[t('total'), money(figures.sales.gross), money(figures.sales.net), money(figures.sales.vat)]}
        />
      </Table>

      <Table caption={t('payments')} head={[t('method'), t('count'), t('amount'), t('tips')]}>
        {figures.payments.byMethod.map((method) => (
          <Row
            key={method.method}
            cells={[t(`method_${method.method}`), method.count, money(method.amount), money(method.tip)]}
          />
        ))}
        <Row
          cells={[
            t('total'),
            figures.payments.count,
            money(figures.payments.amount),
            money(figures.payments.tip),
          ]}
        />
      </Table>

      <Table caption={t('refunds')} head={[t('method'), t('count'), t('amount')]}>
        {figures.refunds.byMethod.map((method) => (
          <Row
            key={method.method}
            cells={[t(`method_${method.method}`), method.count, money(method.amount)]}
          />
        ))}
      </Table>

      <Table caption={t('unpaid')} head={[t('figure'), t('value')]}>
        <Row cells={[t('unpaid_open'), money(figures.unpaid.open)]} />
        <Row cells={[t('unpaid_forced'), money(figures.unpaid.closedByForce)]} />
        <Row cells={[t('forced_visits'), figures.unpaid.forcedVisits]} />
      </Table>

      <Table caption={t('dishes')} head={[t('dish'), t('quantity'), t('gross')]}>
        {figures.dishes.map((dish) => (
          <Row key={dish.menuItemId} cells={[title(dish.titles), dish.quantity, money(dish.gross)]} />
        ))}
      </Table>

      {figures.choices.length > 0 && (
        <Table caption={t('choices')} head={[t('choice'), t('quantity')]}>
          {figures.choices.map((choice) => (
            <Row
              key={choice.optionId}
              cells={[`${title(choice.groupTitles)}: ${title(choice.titles)}`, choice.quantity]}
            />
          ))}
        </Table>
      )}

      <section className={styles.hours} aria-labelledby="figures-hours">
        <h3 id="figures-hours" className={styles.caption}>
          {t('by_hour')}
        </h3>
        <HoursChart hours={figures.hours} seriesLabel={t('gross')} format={money} />
        <Table caption={t('by_hour_table')} head={[t('hour'), t('orders'), t('gross')]}>
          {figures.hours.map((hour) => (
            <Row key={hour.hour} cells={[hourLabel(hour.hour), hour.orders, money(hour.gross)]} />
          ))}
        </Table>
      </section>

      {figures.ratings.length > 0 && (
        <Table caption={t('ratings')} head={[t('dish'), t('likes'), t('dislikes')]}>
          {figures.ratings.map((rating) => (
            <Row key={rating.menuItemId} cells={[title(rating.titles), rating.likes, rating.dislikes]} />
          ))}
        </Table>
      )}
    </div>
  );
}

function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          {head.map((cell, index) => (
            <th key={cell} scope="col" className={index > 0 ? styles.number : undefined}>
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

function Row({ cells }: { cells: (string | number)[] }) {
  const [first, ...rest] = cells;
  return (
    <tr>
      <th scope="row">{first}</th>
      {rest.map((cell, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are fixed columns
        <td key={index} className={styles.number}>
          {cell}
        </td>
      ))}
    </tr>
  );
}
