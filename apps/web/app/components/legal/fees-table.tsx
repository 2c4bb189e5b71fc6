import { toFeeAmountText, type Fee } from '@agency/domain'

/** A table of named fees with their amounts (Consumer Rights Act 2015 s.83: each fee, VAT included). */
export function FeesTable({ caption, fees }: { caption: string; fees: readonly Fee[] }) {
  return (
    <div className="legal-table">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Fee</th>
            <th scope="col">Amount</th>
            <th scope="col">What it covers</th>
          </tr>
        </thead>
        <tbody>
          {fees.map((fee) => (
            <tr key={fee.name}>
              <th scope="row">{fee.name}</th>
              <td className="legal-table__amount" data-label="Amount">{toFeeAmountText(fee)}</td>
              <td data-label="What it covers">{fee.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
