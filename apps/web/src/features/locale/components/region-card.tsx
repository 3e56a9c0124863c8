import { currencyForCountry } from "@quire/core/currency";
import { SelectField } from "../../../components/select-field";
import { SettingsCard } from "../../../components/settings-card";
import { COUNTRY_CHOICES, CURRENCY_CHOICES, countryName } from "../region-names";
import { useDisplayRegion, useRegionOverrides } from "../use-display-region";

const AS_DETECTED = "";

/** Settings → Region: the reader's country and currency for prices, which win over what Quire detected. */
export function RegionCard() {
  const region = useDisplayRegion();
  const overrides = useRegionOverrides();

  return (
    <SettingsCard id="region" title="Region" description="Prices are shown in this country's currency.">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Country"
          name="country"
          value={overrides.country ?? AS_DETECTED}
          onChange={(country) => overrides.setOverrides({ country: country || null, currency: overrides.currency })}
        >
          <option value={AS_DETECTED}>As detected</option>
          {COUNTRY_CHOICES.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Currency"
          name="currency"
          value={overrides.currency ?? AS_DETECTED}
          onChange={(currency) => overrides.setOverrides({ country: overrides.country, currency: currency || null })}
        >
          <option value={AS_DETECTED}>The country's currency</option>
          {CURRENCY_CHOICES.map(({ code, name }) => (
            <option key={code} value={code}>
              {name} ({code})
            </option>
          ))}
        </SelectField>
      </div>
      <p className="text-ink-muted text-sm" aria-live="polite">
        {region.detectedCountry
          ? `Detected: ${countryName(region.detectedCountry)} (${currencyForCountry(region.detectedCountry)})`
          : "Detecting your country…"}
      </p>
    </SettingsCard>
  );
}
