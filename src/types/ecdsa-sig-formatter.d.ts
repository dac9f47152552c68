/** The part of ecdsa-sig-formatter the gateway uses (the package ships no types). */
declare module 'ecdsa-sig-formatter' {
  /**
   * A JWS ECDSA signature (r and s side by side, each the curve's size) as the DER `ECDSA-Sig-Value`
   * that OpenSSL verifies. @throws TypeError when its length is not twice the size for `alg`
   */
  export function joseToDer(signature: Buffer, alg: 'ES256' | 'ES384' | 'ES512'): Buffer;
}
