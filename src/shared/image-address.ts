/**
 * The one rule for an image address the committee gives (events, sponsors' logos, page sections, news, newsletters):
 * an https:// address, or one of the site's own (an uploaded image, a path on the site). An http:// image on the
 * site's https pages would load insecurely or not at all; a protocol-relative one (//host) is neither.
 */
const IMAGE_ADDRESS = /^(https:\/\/|\/(?!\/))[^\s"'<>]*$/i;
const MAX_LENGTH = 500;

export const isImageAddress = (url: string): boolean => url.length <= MAX_LENGTH && IMAGE_ADDRESS.test(url);

/** The sentence for an image address that breaks the rule, naming the field ('The logo', 'An image'). */
export const imageAddressMessage = (label: string): string => `${label} must be an address starting with https:// (or an uploaded image).`;
