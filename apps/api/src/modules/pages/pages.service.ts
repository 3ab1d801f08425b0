import type { PageDetailResponse, PagesMenuResponse } from '@podbor/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-error';
import { fillShopFacts, type ShowcaseResolver } from '../showcase/showcase.service';
import { findPage, listMenu } from './pages.repository';

// Info pages of the request's showcase (a page belongs to one showcase or to all of them).

export async function pagesMenu(
  db: Db,
  showcases: ShowcaseResolver,
  request: FastifyRequest,
): Promise<PagesMenuResponse> {
  const showcase = await showcases.forRequest(request);
  return listMenu(db, showcase.id);
}

export async function pageDetail(
  db: Db,
  showcases: ShowcaseResolver,
  request: FastifyRequest,
  slug: string,
): Promise<PageDetailResponse> {
  const showcase = await showcases.forRequest(request);
  const page = await findPage(db, showcase.id, slug);
  if (!page) throw notFound();
  return { ...page, text: fillShopFacts(page.text, showcase, true) };
}
