/**
 * FDX records built from the interface's banking and customer records, for adapters whose core
 * serves those: descriptors, account details and contacts come out the same from every core.
 */
export { fdxAccountKind, type FdxAccountKind } from './account-kind';
export { fdxAccountOf, fdxDescriptorOf, type DescribedAccount } from './account';
export { fdxAddressOf, fdxContactOf, fdxTelephoneOf, type ContactHolder } from './contact';
