import { ALERT_CRITERIA_DEFAULT, ALERT_PATHS, SEARCH_TYPE_PROFILE, toRegisterVariant } from '@agency/domain'
import { FormToaster } from '#app/components/ui/form-toast.tsx'
import { ALERT_COPY } from '#app/components/alerts/alert-copy.ts'
import { RegisterScreen } from '#app/components/alerts/register-screen.tsx'
import { initRegisterState } from '#app/components/alerts/register-state.ts'
import { getRegisterPageData } from '#app/components/alerts/register.server.ts'
import { getCaptchaConfig } from '#app/lib/captcha-config.server.ts'
import { getAgencyName, toTitle } from '#app/lib/meta.ts'
import type { Route } from './+types/test.register-variants'

/**
 * The alert register screen in any of its layouts, `?desktop=v1…v5&mobile=v1…v5`, for the end-to-end
 * tests and for anyone styling them (the live pages take company settings 106 and 108). It registers
 * a buyer, through the real register page's action. Not for search engines.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const [page, captcha] = await Promise.all([getRegisterPageData(context, 'sales'), getCaptchaConfig(context)])
  const desktop = toRegisterVariant(url.searchParams.get('desktop')) ?? page.variants.desktop
  const mobile = toRegisterVariant(url.searchParams.get('mobile')) ?? page.variants.mobile
  return { ...page, variants: { desktop, mobile }, criteria: ALERT_CRITERIA_DEFAULT, captcha }
}

export default function TestRegisterVariantsRoute({ loaderData }: Route.ComponentProps) {
  const { questions, subscriptionTypeIds, variants, intro } = loaderData
  return (
    <div className="container page alert-page">
      <RegisterScreen
        key={`${variants.desktop}-${variants.mobile}`}
        mode="create"
        searchType="sales"
        profileId={SEARCH_TYPE_PROFILE.sales}
        questions={questions}
        subscriptionTypeIds={subscriptionTypeIds}
        initialState={initRegisterState('create', [], { criteria: loaderData.criteria })}
        variants={variants}
        heading={`${ALERT_COPY.VARIANTS_TITLE}: desktop ${variants.desktop}, phone ${variants.mobile}`}
        intro={intro}
        action={ALERT_PATHS.REGISTER_BUY}
        captcha={loaderData.captcha}
      />
      <FormToaster />
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: toTitle(ALERT_COPY.VARIANTS_TITLE, getAgencyName(matches)) }, { name: 'robots', content: 'noindex' }]
}
