/**
 * The variables that look like a misspelt setting (src/start-warnings.ts): the adapter instances'
 * own variables, the live ones' and the shadow candidates', are known ones, never warned about.
 */
import { loadConfig } from '../../src/config/config';
import { misspeltVariables } from '../../src/start-warnings';

const FINERACT = {
  HOLDER_DEV_KEYS: 'true',
  CORE_ADAPTER: 'fineract',
  FINERACT_BASE_URL: 'http://127.0.0.1:8443/fineract-provider/api',
  FINERACT_USERNAME: 'mifos',
  FINERACT_PASSWORD: 'password',
};
/** A candidate whose variables are one edit from the live instance's. */
const CANDIDATE = {
  SHADOW_ADAPTERS: 'banking:fineract2=fineract',
  FINERACT2_BASE_URL: 'http://127.0.0.1:9443/fineract-provider/api',
  FINERACT2_USERNAME: 'mifos',
  FINERACT2_PASSWORD: 'password',
};

describe('misspelt variables beside shadow candidates', () => {
  it("when a shadow candidate's own variables are set, then none is warned about", () => {
    expect(misspeltVariables(loadConfig({ ...FINERACT, ...CANDIDATE }))).toEqual([]);
  });

  it("when the same variables are set without the candidate, then each is taken for the live instance's", () => {
    const { SHADOW_ADAPTERS: _, ...variables } = CANDIDATE;
    expect(misspeltVariables(loadConfig({ ...FINERACT, ...variables }))).toEqual([
      'FINERACT2_BASE_URL is not a setting, and is ignored: did you mean FINERACT_BASE_URL?',
      'FINERACT2_USERNAME is not a setting, and is ignored: did you mean FINERACT_USERNAME?',
      'FINERACT2_PASSWORD is not a setting, and is ignored: did you mean FINERACT_PASSWORD?',
    ]);
  });

  it("when a shadow candidate's variable is misspelt, then the warning names the candidate's", () => {
    const config = loadConfig({ ...FINERACT, ...CANDIDATE, FINERACT2_USERNAM: 'mifos' });
    expect(misspeltVariables(config)).toEqual([
      'FINERACT2_USERNAM is not a setting, and is ignored: did you mean FINERACT2_USERNAME?',
    ]);
  });
});
