/** A new transformer for POST /api/sites/ma-ouarzazate/devices, under that site's feeder breaker 1. */
export const newTransformer = (over: Record<string, unknown> = {}) => ({
  id: 'tr99',
  type: 'transformer',
  name: 'Transformer 99',
  model: 'Oil 20/0.8 kV',
  firmware: '2.1.0',
  serialNumber: 'TR-0099',
  ratedKw: 5000,
  protocol: 'modbus-tcp',
  address: '10.9.9.9:502/3',
  parentId: 'ma-ouarzazate.brk-f01',
  ...over,
});
