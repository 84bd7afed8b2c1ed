/** Leaves for a payment gateway's page (an object, so tests can watch it). */
export const gatewayOpener = {
  open(url: string): void {
    window.location.assign(url);
  },
};
