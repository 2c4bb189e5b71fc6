import { useId } from 'react'
import type { PromoCard as PromoCardData } from '@agency/domain'
import { Link } from 'react-router'

interface PromoCardProps {
  promo: PromoCardData
  headingLevel: 2 | 3
}

function isInternal(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//')
}

/** SPEC §2 promo card of grid v2: alt title, title, description and a button. */
export function PromoCard({ promo, headingLevel }: PromoCardProps) {
  const headingId = useId()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className="card card--promo" data-promo-card={promo.type} aria-labelledby={headingId}>
      <div className="card__body">
        <p className="card__eyebrow">{promo.alt_title}</p>
        <Heading id={headingId} className="card__heading">
          {promo.title}
        </Heading>
        <p className="card__summary">{promo.description}</p>
        {isInternal(promo.link) ? (
          <Link to={promo.link} className="button button--inverse card__action">
            {promo.button_label}
          </Link>
        ) : (
          <a href={promo.link} className="button button--inverse card__action">
            {promo.button_label}
          </a>
        )}
      </div>
    </article>
  )
}
