import { Alert, Button, Checkbox, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { checkAreaCode, formatPhone, phoneNumberMessages as words } from '@canvass/domain';
import { useMemo, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import type {
  BuyNumbersMutation,
  BuyPhonesCampaignsQuery,
  SearchAndBuyUnregisteredNumberMutation,
  SearchPhoneNumbersQuery,
} from '../../gql/graphql';
import { errorText, notifyFailed, notifySuccess } from '../../ui/notify';
import {
  BUY_NUMBERS,
  BUY_PHONES_CAMPAIGNS,
  SEARCH_AND_BUY_UNREGISTERED_NUMBER,
  SEARCH_PHONE_NUMBERS,
} from './phone-numbers-operations';

// A purchase adds phones: the lists showing phones fetch again.
const PHONES_CHANGED = { additionalTypenames: ['Phone'] };

type Purchase = BuyNumbersMutation['buyNumbers'];

/** Says what a purchase came to (spec §8): the numbers bought, and 'Could not buy: {numbers}.' for the rest. */
function tellPurchase(p: Purchase): boolean {
  const shown = (ns: readonly string[]) => ns.map(formatPhone);
  if (p.boughtNumbers.length)
    notifySuccess(
      `${p.boughtNumbers.length === 1 ? words.bought : words.boughtMany}. ${words.boughtNumbers(shown(p.boughtNumbers))}`,
    );
  if (p.failedNumbers.length) notifyFailed(words.couldNotBuy(shown(p.failedNumbers)), words.errorBuying);
  return p.failedNumbers.length === 0;
}

interface Props {
  /** The client the numbers are for (its Purchased Numbers tab): its campaigns, and the Unregistered ones. */
  clientId?: string;
  onDone(): void;
}

/**
 * Spec §2 'Buy Phones' floating dialog: pick a campaign, type an area code (the search fires at 3 digits, brackets
 * and dashes stripped, spec §5 messages), tick the numbers found and Buy. An Unregistered campaign may also take the
 * first number found ('Search and buy'). The numbers come from the campaign's brand provider.
 */
export function BuyPhonesDialog({ clientId, onDone }: Props) {
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [problem, setProblem] = useState<{ title: string; message: string } | null>(null);

  const [campaignsResult] = useQuery<BuyPhonesCampaignsQuery>({ query: BUY_PHONES_CAMPAIGNS });
  const campaigns = useMemo(
    () =>
      (campaignsResult.data?.campaigns.nodes ?? []).filter(
        (c) => !clientId || c.clientId === clientId || c.clientId === null,
      ),
    [campaignsResult.data, clientId],
  );
  const campaign = campaigns.find((c) => c.id === campaignId) ?? null;

  const checked = checkAreaCode(typed);
  const areaCode = 'areaCode' in checked ? checked.areaCode : null;
  const [searchResult] = useQuery<SearchPhoneNumbersQuery>({
    query: SEARCH_PHONE_NUMBERS,
    variables: { campaignId: campaignId ?? '', areaCode: areaCode ?? '' },
    pause: !campaignId || !areaCode,
    requestPolicy: 'network-only',
  });
  const found = campaignId && areaCode ? (searchResult.data?.searchPhoneNumbers ?? null) : null;

  const [buying, buy] = useMutation<BuyNumbersMutation>(BUY_NUMBERS);
  const [taking, take] = useMutation<SearchAndBuyUnregisteredNumberMutation>(SEARCH_AND_BUY_UNREGISTERED_NUMBER);

  const areaCodeError =
    'error' in checked
      ? `${checked.error.title}: ${checked.error.message}`
      : areaCode && !campaignId
        ? `${words.campaignRequired}: ${words.selectCampaign}`
        : undefined;

  const needCampaign = () => {
    if (campaignId) return false;
    setProblem({ title: words.campaignRequired, message: words.selectCampaign });
    return true;
  };

  const buyPicked = async () => {
    if (needCampaign()) return;
    if (!picked.length) return setProblem({ title: words.noPhonesSelected, message: words.selectPhone });
    setProblem(null);
    const res = await buy({ phoneNumbers: picked, campaignId, clientId: clientId ?? null }, PHONES_CHANGED);
    if (res.error) return setProblem({ title: words.errorBuying, message: errorText(res.error) });
    if (res.data && tellPurchase(res.data.buyNumbers)) onDone();
    else setPicked([]);
  };

  const searchAndBuy = async () => {
    if (needCampaign() || !areaCode) return;
    setProblem(null);
    const res = await take({ campaignId, areaCode, clientId: clientId ?? null }, PHONES_CHANGED);
    if (res.error) return setProblem({ title: words.errorBuying, message: errorText(res.error) });
    if (res.data && tellPurchase(res.data.searchAndBuyUnregisteredNumber)) onDone();
  };

  return (
    <Stack>
      <Select
        label="Campaign"
        withAsterisk
        placeholder="Select a campaign"
        searchable
        data={campaigns.map((c) => ({ value: c.id, label: `${c.name} (${c.campaignType})` }))}
        value={campaignId}
        onChange={(next) => {
          setCampaignId(next);
          setPicked([]);
          setProblem(null);
        }}
        nothingFoundMessage={campaignsResult.fetching ? 'Loading…' : 'No campaigns'}
      />
      <TextInput
        label={words.areaCodeLabel}
        placeholder="212"
        value={typed}
        onChange={(e) => {
          setTyped(e.currentTarget.value);
          setPicked([]);
        }}
        error={areaCodeError}
      />
      {searchResult.fetching && <Loader size="sm" aria-label="Searching numbers" />}
      {searchResult.error && campaignId && areaCode && (
        <Alert color="red" title={words.errorSearching}>
          {errorText(searchResult.error)}
        </Alert>
      )}
      {found && !searchResult.fetching && found.length === 0 && <Text size="sm">{words.noneAvailable}</Text>}
      {found && found.length > 0 && (
        <Checkbox.Group label="Numbers found" value={picked} onChange={setPicked}>
          <SimpleGrid cols={2} mt="xs">
            {found.map((n) => (
              <Checkbox key={n} value={n} label={formatPhone(n)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      )}
      {problem && (
        <Alert color="red" title={problem.title} withCloseButton onClose={() => setProblem(null)}>
          {problem.message}
        </Alert>
      )}
      <Group justify="flex-end">
        {campaign?.campaignType === 'Unregistered' && (
          <Button variant="default" loading={taking.fetching} disabled={!areaCode} onClick={() => void searchAndBuy()}>
            Search and buy
          </Button>
        )}
        <Button loading={buying.fetching} onClick={() => void buyPicked()}>
          Buy
        </Button>
      </Group>
    </Stack>
  );
}
