import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, UseGuards, UseInterceptors } from '@nestjs/common';
import {
  CustomsRuleInputDto,
  DecideProvenanceDto,
  RPC,
  type CustomsRuleDto,
  type CustomsRuleHistoryDto,
  type ProductCustomsDto,
  type ProductDto,
  type ProvenanceReviewItemDto,
} from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, MaxLength, Min, MinLength } from 'class-validator';
import { UuidPipe } from '../../rpc/uuid.pipe';
import { WriteLimit } from '../../security/write-limits';
import { ActorId, AuthGuard } from '../../session/auth.guard';
import { SignedEvidence } from '../orders/signed-evidence.interceptor';

/** `GET /api/customs/rules?country=`: the rules of one seller country (the sell form shows them). */
class CountryRulesQuery {
  @IsString({ message: 'country is required' })
  @MinLength(2, { message: 'country is required' })
  @MaxLength(60)
  country!: string;
}

/** An edit names the version the editor saw, so a stale edit is refused (409) rather than overwriting. */
class EditCustomsRuleDto extends CustomsRuleInputDto {
  @Type(() => Number) @IsOptional() @IsInt() @Min(1) expectedVersion?: number;
}

/** Customs rules and a product's customs panel: anyone may read them. */
@Controller('api')
export class CustomsController {
  constructor(private readonly rpc: RpcClient) {}

  /** What the product page shows beside the origin badge: the rules for its contents and where it was bought. */
  @Get('products/:id/customs')
  productCustoms(@Param('id', new UuidPipe('Product')) productId: string): Promise<ProductCustomsDto> {
    return this.rpc.send(RPC.catalog.getProductCustoms, { productId });
  }

  @Get('customs/rules')
  countryRules(@Query() query: CountryRulesQuery): Promise<CustomsRuleDto[]> {
    return this.rpc.send(RPC.catalog.listCountryRules, { country: query.country });
  }
}

/** Support's customs rules editor and provenance queue. Signed in here; catalog checks the support role (403). */
@Controller('api/support')
@UseGuards(AuthGuard)
@UseInterceptors(SignedEvidence)
export class CustomsSupportController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('customs-rules')
  rules(@ActorId() actorId: string): Promise<CustomsRuleDto[]> {
    return this.rpc.send(RPC.catalog.listCustomsRules, { actorId });
  }

  @Get('customs-rules/:id/history')
  history(
    @ActorId() actorId: string,
    @Param('id', new UuidPipe('Rule')) ruleId: string,
  ): Promise<CustomsRuleHistoryDto[]> {
    return this.rpc.send(RPC.catalog.getCustomsRuleHistory, { actorId, ruleId });
  }

  @Post('customs-rules')
  @WriteLimit('orders')
  create(@ActorId() actorId: string, @Body() rule: CustomsRuleInputDto): Promise<CustomsRuleDto> {
    return this.rpc.send(RPC.catalog.saveCustomsRule, { actorId, rule: { ...rule } });
  }

  @Put('customs-rules/:id')
  @WriteLimit('orders')
  edit(
    @ActorId() actorId: string,
    @Param('id', new UuidPipe('Rule')) ruleId: string,
    @Body() body: EditCustomsRuleDto,
  ): Promise<CustomsRuleDto> {
    const { expectedVersion, ...rule } = body;
    return this.rpc.send(RPC.catalog.saveCustomsRule, {
      actorId,
      ruleId,
      rule,
      ...(expectedVersion !== undefined ? { expectedVersion } : {}),
    });
  }

  /** Listings whose receipt or customs declaration nobody has reviewed, oldest first. */
  @Get('provenance')
  provenanceQueue(@ActorId() actorId: string): Promise<ProvenanceReviewItemDto[]> {
    return this.rpc.send(RPC.catalog.listProvenanceQueue, { actorId });
  }

  @Post('provenance/:productId/decision')
  @WriteLimit('orders')
  @HttpCode(200)
  decide(
    @ActorId() actorId: string,
    @Param('productId', new UuidPipe('Product')) productId: string,
    @Body() body: DecideProvenanceDto,
  ): Promise<ProductDto> {
    return this.rpc.send(RPC.catalog.decideProvenance, { actorId, productId, decision: body.decision });
  }
}
