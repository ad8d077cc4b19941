import { Injectable, type PipeTransform } from '@nestjs/common';
import { GetTestOnboardingRequest } from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
import { requestValidationPipe } from '../../rpc/validation.pipe';

/**
 * An onboarding link's token, checked with the contract's own rule before payments is asked. A path's token that
 * cannot name a link answers 404, like an unknown one (API.md: an id in the path is never a 400).
 */
@Injectable()
export class OnboardingTokenPipe implements PipeTransform<string, Promise<string>> {
  async transform(token: string): Promise<string> {
    try {
      const checked = (await requestValidationPipe().transform(
        { token },
        { type: 'param', metatype: GetTestOnboardingRequest },
      )) as GetTestOnboardingRequest;
      return checked.token;
    } catch {
      throw DomainError.notFound('Onboarding link');
    }
  }
}
