import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import type { NavigateOptions } from 'react-router'

/**
 * Applies a search: goes to its list URL (search-url.ts `toSearchUrl`) through the router, so the
 * results render from the URL like any other page and the back button returns to the previous search.
 * The search form sends every search through it, and the property list map (a later change) will
 * send the area the visitor drags to the same way, under MAP_BOUNDS_PARAM.
 */
export function useApplySearch(): (url: string, options?: NavigateOptions) => void {
  const navigate = useNavigate()
  return useCallback(
    (url: string, options?: NavigateOptions) => {
      void navigate(url, options)
    },
    [navigate],
  )
}
