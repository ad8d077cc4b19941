import { ErrorCode } from '@souvenir/contracts';
import { toRpcException } from './to-rpc-exception';

describe('toRpcException', () => {
  it('answers Unavailable (503) when the pg pool has no free connection in time', () => {
    // pg-pool's message when connectionTimeoutMillis passes with every connection busy.
    const error = new Error('timeout exceeded when trying to connect');
    expect(toRpcException(error).getError()).toMatchObject({ code: ErrorCode.Unavailable });
  });

  it('answers Unavailable (503) for a lock not granted in time, a deadlock or a serialization failure (TypeORM wraps the driver error)', () => {
    for (const code of ['55P03', '40P01', '40001']) {
      const error = Object.assign(new Error('QueryFailedError'), {
        driverError: Object.assign(new Error('canceling statement due to lock timeout'), { code }),
      });
      expect(toRpcException(error).getError()).toMatchObject({ code: ErrorCode.Unavailable });
    }
  });

  it('answers Internal for an unexpected error', () => {
    expect(toRpcException(new Error('boom')).getError()).toMatchObject({ code: ErrorCode.Internal });
  });
});
